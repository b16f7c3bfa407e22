#!/usr/bin/env python3
"""Puts a split build into dist/ (scripts/build.sh, step 5).

Usage: split_dist.py BUILD_DIR DIST_DIR

BUILD_DIR holds wasm-bindgen's glue (consilium.js), the main module (consilium_bg.wasm), the parts
and __wasm_split.js, which fetches them relative to itself. They go unchanged into
DIST_DIR/app-<hash>/, the hash taken over every file, so a deploy never serves one build's glue with
another's parts and a browser never mixes them from its cache. Then, in DIST_DIR (from Trunk):
index.html's boot tag names the build's glue and main module (with preload hints), the stylesheet
loses its comments, and sw.js gets
its cache name and the list of every file it precaches at install, so that after one visit every
view works offline.
"""
import base64
import hashlib
import json
import pathlib
import re
import shutil
import sys

build, dist = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
files = sorted(p for p in build.rglob("*") if p.is_file())
names = [p.relative_to(build).as_posix() for p in files]
for needed in ("consilium.js", "consilium_bg.wasm", "__wasm_split.js"):
    if needed not in names:
        sys.exit(f"{needed} missing from {build}")

digest = hashlib.sha256()
for name, path in zip(names, files):
    digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
app = f"app-{digest.hexdigest()[:16]}"
for old in dist.glob("app-*"):
    shutil.rmtree(old)
shutil.copytree(build, dist / app)


def integrity(name: str) -> str:
    sha = hashlib.sha384((build / name).read_bytes()).digest()
    return "sha384-" + base64.b64encode(sha).decode()


index = dist / "index.html"
html = index.read_text()
# index.html's placeholder tag: <script type="module" src="/boot.js" data-js="app/consilium.js" ...>
tag = re.compile(r'<script type="module" src="/boot.js" data-js="app/consilium.js" data-wasm="app/consilium_bg.wasm"></script>')
if len(tag.findall(html)) != 1:
    sys.exit("index.html: the boot tag (data-js=\"app/consilium.js\") is missing or repeated")
boot = (
    f'<script type="module" src="/boot.js" data-js="/{app}/consilium.js" data-wasm="/{app}/consilium_bg.wasm"></script>\n'
    f'    <link rel="modulepreload" href="/{app}/consilium.js" crossorigin="anonymous" integrity="{integrity("consilium.js")}" />\n'
    f'    <link rel="modulepreload" href="/{app}/__wasm_split.js" crossorigin="anonymous" integrity="{integrity("__wasm_split.js")}" />\n'
    f'    <link rel="preload" href="/{app}/consilium_bg.wasm" crossorigin="anonymous" integrity="{integrity("consilium_bg.wasm")}" as="fetch" type="application/wasm" />'
)
html = tag.sub(lambda _: boot, html)
# Trunk keeps the skipped Rust asset's tag (index.html: data-trunk-skip); the page has no use for it.
html = re.sub(r'\n *<!-- Without a Rust asset Trunk.*?-->\n *<link data-trunk rel="rust" data-trunk-skip[^>]*/>', "", html, flags=re.S)

# The stylesheet without its comments (they explain the rules in style/main.css, and were 2.7 KB of
# the first screen's gzip): Trunk's minifier is off, as it would rewrite the page and the glue too.
# Its integrity in index.html is taken again; its name keeps Trunk's hash of the source.
sheet = re.compile(r'<link rel="stylesheet" href="/(main-[0-9a-f]+\.css)" integrity="sha384-[^"]+"/>')
found = sheet.findall(html)
if len(found) != 1:
    sys.exit("index.html: the stylesheet's link is missing or repeated")
css_path = dist / found[0]
css = re.sub(r"/\*.*?\*/", "", css_path.read_text(), flags=re.S)
css = re.sub(r"\n\s*\n+", "\n", css).strip() + "\n"
if "/*" in css or "*/" in css:
    sys.exit(f"{css_path.name}: a comment was not closed")
css_path.write_text(css)
css_sri = "sha384-" + base64.b64encode(hashlib.sha384(css.encode()).digest()).decode()
html = sheet.sub(lambda m: f'<link rel="stylesheet" href="/{m.group(1)}" integrity="{css_sri}"/>', html)
index.write_text(html)

# What the service worker precaches: the page, Trunk's assets (CSS, boot.js) and the whole build,
# but not the PDF and DOCX readers (material/, vendor/: ~615 KB gzip, fetched only when such a file
# is attached; the worker's network-first fetch caches them then, for offline use after that).
on_demand = ("material", "vendor")
assets = sorted(
    p.relative_to(dist).as_posix()
    for p in dist.rglob("*")
    if p.is_file()
    and p.name not in ("index.html", "sw.js")
    and p.relative_to(dist).parts[0] not in on_demand
)
precache = ["./"] + assets
sw = dist / "sw.js"
text = sw.read_text()
for placeholder in ("const PRECACHE = [];", "const CACHE = 'consilium-dev';"):
    if placeholder not in text:
        sys.exit(f"sw.js: placeholder {placeholder!r} missing")
text = text.replace("const PRECACHE = [];", f"const PRECACHE = {json.dumps(precache)};")
# One cache per deploy (the page, Trunk's assets or the build changed), so the worker replaces it whole.
version = hashlib.sha256((json.dumps(precache) + index.read_text()).encode()).hexdigest()[:16]
text = text.replace("const CACHE = 'consilium-dev';", f"const CACHE = 'consilium-{version}';")
sw.write_text(text)
print(f"dist/{app}/: " + ", ".join(names))
