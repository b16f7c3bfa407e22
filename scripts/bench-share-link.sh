#!/usr/bin/env bash
# Share link lengths (#/shared/<base64url of deflate-raw>) of the three demo sessions and of the
# recorded consultations of the filtering_savings example; recorded in BENCHMARKS.md between
# <!-- share-link:start --> and <!-- share-link:end --> with the date and machine.
# Native deflate (flate2), not the browser's CompressionStream: see the example's header.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
table=$(cargo run -q -p consilium-engine --example share_link_lengths)
machine=$(bench_machine)
python3 - "$table" "$machine" <<'PY'
import datetime, sys
from benchmarks_md import splice
section = f"""### Share link lengths, {datetime.date.today().isoformat()} ({sys.argv[2]})

`cargo run -q -p consilium-engine --example share_link_lengths`. A link longer than 32,000 characters
is not offered (the HTML file is); a typical Consult should stay under 8,000. The recorded
consultations repeat template sentences, so they compress better than real model text would; the
demo council is the closer guide for a real consult.

{sys.argv[1]}
"""
print(section)
splice("share-link", "Share link lengths (scripts/bench-share-link.sh)", section)
PY
