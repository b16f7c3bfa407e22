"""Writes the floor of the Benchmark mode's main-thread time into BENCHMARKS.md: the browser's own
cost of one streamed call in a blank page (tests/bench/fetch-floor.mjs), times the calls a
question makes, beside the engine's native CPU time per question (scripts/bench-benchmark.sh --floor)."""
import json
import pathlib
import sys

from benchmarks_md import splice

CALLS_PER_QUESTION = 17  # the council's 8 calls and the best single model's 9 samples (k = 9)


def section(floor: dict, machine: str, native: list[tuple[int, float]]) -> str:
    per_call = floor["median_ms_per_call"]
    spread = ", ".join(f"{ms:.2f}" for ms in floor["main_thread_ms_per_call"])
    per_question = per_call * CALLS_PER_QUESTION
    native_rows = "\n".join(
        f"| {n:,} | {cpu_s:.2f} s | **{cpu_s * 1000 / n:.1f} ms** | {per_question / (cpu_s * 1000 / n):.1f}x |"
        for n, cpu_s in native
    )
    load = ", ".join(f"{x:.1f}" for x in floor["load_average"])
    return f"""### The floor of the Benchmark's main-thread time, {floor['measured_at'][:10]} ({machine})

`scripts/bench-benchmark.sh --floor`: what the page cannot go below while its calls are made from
the main thread. `tests/bench/fetch-floor.mjs` opens a blank page (no app) and sends
{floor['calls']} streamed chat requests to `tests/e2e/bench-server.mjs`, {floor['in_flight']} in flight as the app
sends them, bodies of {floor['body_chars']:,} characters, each read chunk by chunk to its end;
Chromium's main-thread `TaskDuration` over the batch, per call, {floor['repeats']} batches (load
average {load} as it ran).

- One streamed call, the browser's own work on the main thread: **{per_call:.2f} ms** (median;
  batches: {spread} ms).
- A question makes {CALLS_PER_QUESTION} calls: **{per_question:.0f} ms per question** before the app does anything.

The engine alone, natively (`crates/engine/tests/benchmark_timing.rs` with `BENCH_RUN_ONLY`, the
run of the same kind of benchmark with scripted models; CPU time, which a loaded machine moves
less than the wall time):

| questions | engine CPU time | per question | floor / native |
|---|---|---|---|
{native_rows}

So "main-thread time per question <= 3x native" cannot be met by a page that makes its calls on
its main thread: the browser's fetches alone cost more than that.
"""


def main() -> None:
    machine, floor_path = sys.argv[1], sys.argv[2]
    native = [(int(n), float(s)) for n, s in (pair.split(":") for pair in sys.argv[3:])]
    floor = json.loads(pathlib.Path(floor_path).read_text())
    text = section(floor, machine, native)
    splice("benchmark-floor", "The Benchmark's floor (scripts/bench-benchmark.sh --floor)", text)
    print(text)


if __name__ == "__main__":
    main()
