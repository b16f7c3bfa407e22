#!/usr/bin/env bash
# Lighthouse (performance, accessibility, best practices, SEO) on the release build served as a
# static host would (gzip, scripts/static_server.py), with Debian's Chromium, mobile (Lighthouse's
# default throttling) and desktop; recorded in BENCHMARKS.md between <!-- lighthouse:start --> and
# <!-- lighthouse:end --> with the date and machine. Lighthouse is installed on first use into the
# cache (npm registry), not into the project: the test suite does not need it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
cd "$ROOT"
LIGHTHOUSE_VERSION=12.8.2
LH_DIR="$CONSILIUM_CACHE/lighthouse-$LIGHTHOUSE_VERSION"
if [ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$LH_DIR"
  npm install --prefix "$LH_DIR" --no-audit --no-fund --no-save "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null
fi
[ -f dist/index.html ] || "$ROOT/scripts/build.sh"
PORT=${LIGHTHOUSE_PORT:-18866}
python3 "$ROOT/scripts/static_server.py" "$ROOT/dist" "$PORT" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/index.html" >/dev/null && break; sleep 0.1; done
out="$ROOT/test-results/lighthouse"
mkdir -p "$out"
for form in mobile desktop; do
  preset=()
  [ "$form" = desktop ] && preset=(--preset=desktop)
  CHROME_PATH=/usr/bin/chromium "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$PORT/" --quiet \
    --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$out/$form.json" \
    --only-categories=performance,accessibility,best-practices,seo "${preset[@]}"
done
chromium_version=$(/usr/bin/chromium --version 2>/dev/null | head -n1 | sed "s/ built on.*//" || true)
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB RAM", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), ${chromium_version:-Chromium}"
python3 - "$out" "$machine" "$LIGHTHOUSE_VERSION" <<'PY'
import datetime, json, pathlib, re, sys
out, machine, version = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
rows = []
for form in ["mobile", "desktop"]:
    r = json.loads((out / f"{form}.json").read_text())
    c = {k: round(v["score"] * 100) for k, v in r["categories"].items()}
    a = r["audits"]
    rows.append(f"| {form} | {c['performance']} | {c['accessibility']} | {c['best-practices']} | {c['seo']} | "
                f"{a['first-contentful-paint']['displayValue']} | {a['largest-contentful-paint']['displayValue']} | "
                f"{a['total-blocking-time']['displayValue']} | {a['interactive']['displayValue']} |")
section = f"""### Lighthouse {version}, {datetime.date.today()} ({machine})

The release build served with gzip by `scripts/static_server.py`; Lighthouse's default mobile
throttling (slow 4G, 4x CPU) and its desktop preset. Target: >= 95 in each category.
The largest paint is the static shell in index.html (painted before the wasm arrives, removed as the
app mounts); the app itself is usable at "interactive", which still follows from the wasm's size.

| form | performance | accessibility | best practices | SEO | FCP | LCP | TBT | interactive |
|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n"
print(section)
path = pathlib.Path("BENCHMARKS.md")
start, end = "<!-- lighthouse:start -->", "<!-- lighthouse:end -->"
block = f"{start}\n{section}{end}"
text = path.read_text()
if start in text and end in text:
    text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
else:
    text = text.rstrip("\n") + "\n\n## Lighthouse (scripts/bench-lighthouse.sh)\n\n" + block + "\n"
path.write_text(text)
PY
