#!/usr/bin/env python3
"""A Chromium .cpuprofile's functions by inclusive time (each function counted once per stack).

The bench's own summary (BENCH_PROFILE=1) lists self time, where the wasm's small helpers (malloc,
serde's visitors) hide which caller they work for; inclusive time names the caller. With the
release build's parts the functions have no names: copy the unoptimised parts kept in
target/split-build/named/ over dist/app-*/ for the profiled run (and rebuild after).

    python3 scripts/lib/cpuprofile_inclusive.py test-results/bench-benchmark-profile-200.cpuprofile [top]
"""
import collections
import json
import re
import sys


def main() -> None:
    profile = json.load(open(sys.argv[1]))
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}
    self_ms = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        self_ms[sample] += delta / 1000

    def name(node: dict) -> str:
        frame = node["callFrame"]
        function = re.sub(r"::h[0-9a-f]{16}$", "", frame["functionName"] or "(anonymous)")
        return f"{function[:150]} {frame['url'].split('/')[-1]}"

    inclusive = collections.Counter()
    for node_id, ms in self_ms.items():
        seen = set()
        while node_id is not None:
            function = name(nodes[node_id])
            if function not in seen:
                inclusive[function] += ms
                seen.add(function)
            node_id = parent.get(node_id)
    for function, ms in inclusive.most_common(top):
        print(f"{ms:8.0f} ms  {function}")


if __name__ == "__main__":
    main()
