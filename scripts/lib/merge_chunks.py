#!/usr/bin/env python3
"""Merges the split build's small shared chunks into one (scripts/build.sh, between the split and
wasm-opt).

Usage: merge_chunks.py SPLIT_DIR MAX_BYTES

wasm-split-cli puts the code that a set of parts shares into a chunk of its own: with a dozen parts
that is ~90 chunks, most of a few hundred bytes, each a file with its own header that is fetched
and compressed alone (together ~55 KB gzip, ~28 KB as one file). Every chunk below MAX_BYTES goes
into one module, `chunk_small.wasm`, which every part that needed any of them loads instead.

That is sound because a chunk is self-contained: it imports only the main module's memory, function
table and stack pointer (`__wasm_split.*`), writes its data and its functions' table slots at the
fixed addresses the linker gave them, and reaches any other code through the table. So a merged
module that writes all their data and slots behaves as loading each of them would. binaryen's
wasm-merge does the merge once the shared imports are one: a small module named `__wasm_split`
defines and exports them, the chunks' imports resolve to it, and its definitions are then turned
back into the same imports. Anything unexpected (another import, a second memory) stops the build.
"""
import pathlib
import re
import subprocess
import sys

SECTION = {"custom": 0, "type": 1, "import": 2, "function": 3, "table": 4, "memory": 5, "global": 6,
           "export": 7, "start": 8, "elem": 9, "code": 10, "data": 11, "datacount": 12}
KIND = {0: "func", 1: "table", 2: "memory", 3: "global"}
FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
            "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"]
MERGED = "chunk_small"


def leb(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def uleb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def sections(data: bytes) -> list[tuple[int, bytes]]:
    assert data[:8] == b"\0asm\1\0\0\0", "not a wasm module"
    i, out = 8, []
    while i < len(data):
        sid = data[i]
        size, i = leb(data, i + 1)
        out.append((sid, data[i:i + size]))
        i += size
    return out


def section(sid: int, body: bytes) -> bytes:
    return bytes([sid]) + uleb(len(body)) + body


def name_at(data: bytes, i: int) -> tuple[str, int]:
    size, i = leb(data, i)
    return data[i:i + size].decode(), i + size


def limits_end(data: bytes, i: int) -> int:
    flag, i = leb(data, i)
    _, i = leb(data, i)
    if flag & 1:
        _, i = leb(data, i)
    return i


def imports(body: bytes) -> dict[str, tuple[int, bytes]]:
    """field -> (kind, raw descriptor) of a chunk's imports, all from `__wasm_split`."""
    count, i = leb(body, 0)
    found = {}
    for _ in range(count):
        module, i = name_at(body, i)
        field, i = name_at(body, i)
        kind, start = body[i], i + 1
        if module != "__wasm_split" or kind not in (1, 2, 3):
            sys.exit(f"merge_chunks: unexpected import {module}.{field} ({KIND.get(kind, kind)})")
        end = {1: lambda: limits_end(body, start + 1), 2: lambda: limits_end(body, start),
               3: lambda: start + 2}[kind]()
        found[field] = (kind, body[start:end])
        i = end
    return found


def provider(shared: dict[str, tuple[int, bytes]]) -> bytes:
    """A module defining and exporting the shared imports, so wasm-merge makes them one."""
    by_kind = {kind: (field, desc) for field, (kind, desc) in shared.items()}
    table_field, table_desc = by_kind[1]
    memory_field, memory_desc = by_kind[2]
    global_field, global_desc = by_kind[3]
    assert global_desc == b"\x7f\x01", "the shared global is a mutable i32"
    out = b"\0asm\1\0\0\0"
    out += section(4, b"\x01" + table_desc)
    out += section(5, b"\x01" + memory_desc)
    out += section(6, b"\x01\x7f\x01\x41\x00\x0b")
    exports = b"\x03"
    for field, kind in ((table_field, 1), (memory_field, 2), (global_field, 3)):
        exports += uleb(len(field)) + field.encode() + bytes([kind]) + b"\x00"
    return out + section(7, exports)


def reimport(merged: bytes, shared: dict[str, tuple[int, bytes]]) -> bytes:
    """The merged module with the provider's definitions turned back into the shared imports."""
    out = b"\0asm\1\0\0\0"
    entries = b""
    for field, (kind, desc) in sorted(shared.items(), key=lambda item: item[1][0]):
        entries += uleb(len("__wasm_split")) + b"__wasm_split" + uleb(len(field)) + field.encode()
        entries += bytes([kind]) + desc
    import_section = section(2, uleb(len(shared)) + entries)
    for sid, body in sections(merged):
        if sid == SECTION["import"]:
            sys.exit("merge_chunks: the merged module still imports something")
        if sid in (SECTION["table"], SECTION["memory"], SECTION["global"], SECTION["export"]):
            count, _ = leb(body, 0)
            if count != (3 if sid == SECTION["export"] else 1):
                sys.exit(f"merge_chunks: the merged module has {count} entries in section {sid}")
            continue
        if sid == SECTION["custom"] or sid == SECTION["start"]:
            if sid == SECTION["start"]:
                sys.exit("merge_chunks: a chunk has a start function")
            continue
        if sid > SECTION["type"] and import_section:
            out += import_section
            import_section = b""
        out += section(sid, body)
    return out


def main() -> None:
    split, limit = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    loader_path = split / "__wasm_split.js"
    loader = loader_path.read_text()
    # Each chunk's loader: `/* parts */\nconst __chunk_N = makeLoad(() => { ... }\n, []);\n`
    definition = re.compile(r"(?:/\*[^*]*\*/\n)?const __chunk_(\d+) = makeLoad\(\(\) => \{.*?\n\}\n, \[\]\);\n", re.S)
    defined = {int(m.group(1)): m for m in definition.finditer(loader)}
    small = sorted(n for n in defined if (split / f"chunk_{n}.wasm").stat().st_size < limit)
    if len(small) < 2:
        print("merge_chunks: fewer than two small chunks, nothing merged")
        return
    shared: dict[str, tuple[int, bytes]] = {}
    for n in small:
        for sid, body in sections((split / f"chunk_{n}.wasm").read_bytes()):
            if sid == SECTION["import"]:
                for field, entry in imports(body).items():
                    if shared.setdefault(field, entry) != entry:
                        sys.exit(f"merge_chunks: chunk_{n} imports {field} with another type")
    if sorted(kind for kind, _ in shared.values()) != [1, 2, 3]:
        sys.exit(f"merge_chunks: expected a table, a memory and a global shared, got {sorted(shared)}")
    work = split / "merge"
    work.mkdir(exist_ok=True)
    (work / "provider.wasm").write_bytes(provider(shared))
    args = ["wasm-merge", str(work / "provider.wasm"), "__wasm_split"]
    for n in small:
        args += [str(split / f"chunk_{n}.wasm"), f"chunk_{n}"]
    subprocess.run(args + FEATURES + ["-o", str(work / "merged.wasm")], check=True)
    (split / f"{MERGED}.wasm").write_bytes(reimport((work / "merged.wasm").read_bytes(), shared))
    for path in work.iterdir():
        path.unlink()
    work.rmdir()

    # The loader: one definition for the merged chunk, and each part's list names it once instead.
    before = sum((split / f"chunk_{n}.wasm").stat().st_size for n in small)
    for n in small:
        (split / f"chunk_{n}.wasm").unlink()
    first = defined[small[0]]
    # The comment names the split points that load it, as wasm-split-cli's do (bundle_sizes.py reads it).
    users = sorted({u.strip() for n in small for u in re.findall(r"/\*([^*]*)\*/", defined[n].group(0))[0].split(",")})
    merged_loader = (
        f"// The shared chunks under {limit} bytes, merged into one (scripts/lib/merge_chunks.py).\n"
        f"/* {', '.join(users)} */\n"
        f"const __{MERGED} = makeLoad(() => {{\n"
        f"    const src = fetch(new URL(\"./{MERGED}.wasm\", import.meta.url));\n"
        f"    src.catch(() => {{}});\n"
        f"    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n"
        f"}}\n, []);\n"
    )
    pieces, last = [], 0
    for m in sorted(defined.values(), key=lambda m: m.start()):
        if int(m.group(1)) in small:
            pieces.append(loader[last:m.start()])
            if m is first:
                pieces.append(merged_loader)
            last = m.end()
    pieces.append(loader[last:])
    loader = "".join(pieces)
    merged_names = {f"__chunk_{n}" for n in small}

    def deps(match: re.Match) -> str:
        names = [name.strip() for name in match.group(1).split(",") if name.strip()]
        kept = [name for name in names if name not in merged_names]
        if len(kept) < len(names):
            kept.insert(0, f"__{MERGED}")
        return ", [" + ", ".join(kept) + "]));"

    loader = re.sub(r", \[([^\]]*)\]\)\);", deps, loader)
    leftover = [name for name in merged_names if re.search(rf"\b{name}\b", loader)]
    if leftover:
        sys.exit(f"merge_chunks: the loader still names {leftover}")
    loader_path.write_text(loader)
    after = (split / f"{MERGED}.wasm").stat().st_size
    print(f"merge_chunks: {len(small)} chunks ({before} B) -> {MERGED}.wasm ({after} B)")


main()
