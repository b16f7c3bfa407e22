#!/usr/bin/env bash
# The Benchmark mode's own figures, in Chromium on the release build (tests/bench/benchmark-mode.bench.ts):
# one benchmark of BENCH_QUESTIONS questions x 4 arms, its wall time, main-thread time, memory,
# stored bytes and responsiveness, recorded in BENCHMARKS.md with the date and machine.
#   scripts/bench-benchmark.sh          200 questions against the scripted server (tests/e2e/bench-server.mjs);
#                                       BENCH_LATENCY_MS (0) delays each reply
#   scripts/bench-benchmark.sh --lengths [50,200,1000]
#                                       one scripted run per length: main-thread time per question
#                                       at each, its slope, and the native time per question
#                                       (BENCH_NATIVE_MS, 7: the engine's CPU time, --floor, 2026-11-27)
#   scripts/bench-benchmark.sh --floor   the browser's own main-thread cost of a streamed call in a blank
#                                       page (tests/bench/fetch-floor.mjs) times 17 calls a question,
#                                       beside the engine's native CPU time per question at 200 and 1,000
#   scripts/bench-benchmark.sh --gemma  the smoke run: llama-server with Gemma 3 270M on every seat
#                                       (started and stopped on a loopback port; BENCH_QUESTIONS 2,
#                                       BENCH_MAX_TOKENS 1024 per reply), what it scored, how many
#                                       replies failed the format and what the app did with them
# Run after scripts/setup.sh app (and npm ci), under the e2e lock: flock /tmp/e2e.lock scripts/bench-benchmark.sh
# Not part of the test run. BENCH_SEED (7) picks the questions.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
model=scripted
if [ "${1:-}" = "--lengths" ]; then
  outs=()
  for n in $(echo "${2:-50,200,1000}" | tr ',' ' '); do
    out="$ROOT/test-results/bench-benchmark-scripted-$n.json"
    BENCH_QUESTIONS=$n BENCH_MODEL=scripted bench_run tests/bench/benchmark-mode.config.ts "$out"
    outs+=("$out")
  done
  python3 "$ROOT/scripts/lib/benchmark_lengths_md.py" "$(bench_machine)" "${BENCH_NATIVE_MS:-7}" \
    "${BENCH_NATIVE_NOTE:-the engine alone, CPU time at 200 and 1,000 questions, 6.8 and 7.1 ms, 2026-11-27: --floor}" "${outs[@]}"
  exit 0
fi
if [ "${1:-}" = "--floor" ]; then
  out="$ROOT/test-results/bench-benchmark-floor.json"
  mkdir -p "$(dirname "$out")"
  node "$ROOT/tests/bench/fetch-floor.mjs" > "$out" || { echo "BENCH FAILED (floor)" >&2; exit 1; }
  CARGO_INCREMENTAL=0 cargo test --release -p consilium-engine --test benchmark_timing --no-run
  timing=$(ls -t "${CARGO_TARGET_DIR:-$ROOT/target}"/release/deps/benchmark_timing-* | grep -v '\.d$' | head -n1)
  native=()
  for n in 200 1000; do
    BENCH_RUN_ONLY=1 BENCH_LENGTHS=$n /usr/bin/time -f "%U" -o "$out.cpu" "$timing" --ignored >/dev/null
    native+=("$n:$(tail -n1 "$out.cpu")")
  done
  python3 "$ROOT/scripts/lib/benchmark_floor_md.py" "$(bench_machine)" "$out" "${native[@]}"
  exit 0
fi
if [ "${1:-}" = "--gemma" ]; then model=gemma; fi
out="$ROOT/test-results/bench-benchmark-$model.json"
BENCH_MODEL=$model bench_run tests/bench/benchmark-mode.config.ts "$out"
machine=$(bench_machine)
python3 "$ROOT/scripts/lib/benchmark_mode_md.py" "$out" "$machine"
