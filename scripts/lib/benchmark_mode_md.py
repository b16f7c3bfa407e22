"""Writes the Benchmark mode's section of BENCHMARKS.md from tests/bench/benchmark-mode.bench.ts's
JSON (scripts/bench-benchmark.sh): the scripted run's figures, or the Gemma smoke run's."""
import json
import pathlib
import sys

from benchmarks_md import splice

MIB = 1024 * 1024


def mib(n: float) -> str:
    return f"{n / MIB:.1f} MiB"


def thousands(n: float) -> str:
    return f"{round(n):,}"


def quarters(d: dict) -> str:
    """The row of a question's own time per quarter of the run, when the run recorded it."""
    by_quarter = d["calls"].get("question_ms_by_quarter")
    if not by_quarter:
        return ""
    times = " / ".join(f"{ms} ms" for ms in by_quarter)
    return f"| a question's own time (the record's elapsed_ms), mean per quarter of the run | {times} |\n"


def performance_table(d: dict) -> str:
    q = d["questions"]
    wasm = d["wasm_memory_bytes"]
    growth = d["storage_usage_after"] - d["storage_usage_before"]
    apart = d.get("outcomes_bytes", 0)
    stored = d["record_bytes"] + apart + d["summary_bytes"] + d["text_bytes"]
    return f"""| measure | value |
|---|---|
| questions x arms | {q} x 4 ({d['calls']['calls']:,} calls) |
| wall time (Run to complete) | {d['wall_ms'] / 1000:.1f} s ({d['wall_ms'] / q:.0f} ms per question) |
{quarters(d)}| main-thread time (CDP TaskDuration) | {d['task_ms'] / 1000:.1f} s ({d['task_ms'] / d['wall_ms'] * 100:.0f}% of the wall time) |
| of which script (ScriptDuration) / layout / style | {d['script_ms'] / 1000:.1f} s / {d['layout_ms'] / 1000:.1f} s / {d['style_ms'] / 1000:.1f} s |
| JS heap used (JSHeapUsedSize): before, peak, after | {mib(d['js_heap_before'])}, {mib(d['js_heap_peak'])}, {mib(d['js_heap_after'])} |
| WebAssembly memory at the end (= its peak) | {', '.join(mib(w) for w in wasm)} |
| stored: the record in IndexedDB (UTF-8 JSON), and its questions' entries stored apart | {thousands(d['record_bytes'])} B + {thousands(apart)} B in {d.get('outcomes_count', 0)} entries ({(d['record_bytes'] + apart) / q / 1024:.1f} KiB per question) |
| stored: its history summary + search text | {thousands(d['summary_bytes'])} B + {thousands(d['text_bytes'])} B; {thousands(stored)} B in all |
| navigator.storage.estimate() usage growth | {thousands(growth)} B ({thousands(d['storage_usage_before'])} before, {thousands(d['storage_usage_after'])} after) |
| animation frames while it ran: gap p50 / p99 / longest | {d['frame_gap_p50_ms']:.1f} / {d['frame_gap_p99_ms']:.1f} / {d['frame_gap_max_ms']:.0f} ms ({d['frames']:,} frames, {d['frame_gaps_over_100ms']} gaps over 100 ms) |
| long tasks (over 50 ms) | {d['long_tasks']} ({d['long_task_total_ms']:.0f} ms in all, longest {d['long_task_max_ms']:.0f} ms) |
"""


def scores_table(d: dict) -> str:
    rows = "\n".join(f"| {s['arm']} | {s['score']} |" for s in d["scores"])
    return f"| arm | score (as the results table shows it) |\n|---|---|\n{rows}\n"


def scripted(d: dict, machine: str) -> str:
    latency = d["latency_ms"]
    return f"""### Benchmark mode, {d['questions']} questions x 4 arms, scripted models, {d['measured_at'][:10]} ({machine})

One benchmark in headless Chromium on the release build (`scripts/build.sh`), against
`tests/e2e/bench-server.mjs` ({'no added latency: the figures are the app' + "'" + 's own cost' if not latency else f'{latency} ms per reply'}), the e2e
suite's panel: panelists `sim-55`, `sim-65`, `sim-80`, judge `sim-80`, best single model `sim-80`
sampled k = 9 times; {d['questions']} arithmetic questions, seed {d['seed']}; 4 requests in flight per provider
(the default). Wall: the click on "Run the benchmark" (consent included) to the complete badge.
Main-thread time: the growth of Chromium's `TaskDuration` (CDP `Performance.getMetrics`, every
task on the renderer's main thread) over the same span. Memory: the JS heap's used size sampled
every 500 ms (`JSHeapUsedSize`; the wasm memory is outside it) and the WebAssembly memory's size
at the end (the memory the app's module exports, caught as `WebAssembly.instantiate*` resolve;
it never shrinks, so that is its peak). Stored: the run's record as IndexedDB holds it, 3 s after the end. Responsiveness: the
gaps between `requestAnimationFrame` callbacks (one is due every 16.7 ms; a gap is time the page
could neither paint nor take input) and `longtask` entries, from the click to 3 s after the end (its last tasks count).
Outcome: **{d['outcome']}**; "{d['headline']}"

{performance_table(d)}
{scores_table(d)}"""


def gemma(d: dict, machine: str) -> str:
    c = d["calls"]
    status = ", ".join(f"{n} {s}" for s, n in sorted(c["by_status"].items(), key=lambda x: -x[1]))
    consults = ", ".join(f"{n} {s}" for s, n in c["consult_states"].items()) or "none"
    reasons = "\n".join(f"- {n} x {r}" for r, n in sorted(c["failure_reasons"].items(), key=lambda x: -x[1])[:6])
    arms = "\n".join(
        f"| {arm} | {a['correct']} of {a['answered']} | {a['no_answer']} |" for arm, a in sorted(c["arms"].items())
    )
    return f"""### Benchmark mode smoke run, Gemma 3 270M on llama-server, {d['measured_at'][:10]} ({machine})

`scripts/bench-benchmark.sh --gemma`: {d['questions']} arithmetic question{'s' if d['questions'] != 1 else ''} (seed {d['seed']}) x 4 arms, every seat
(3 panelists, the judge, so the best single model too) on `gemma-3-270m` (Q4_K_M GGUF, the base
model, not instruction-tuned) served by llama.cpp's `llama-server` on loopback (`-np 4 -t 1`,
4 requests in flight per provider), structured output on (the JSON schema becomes a grammar), at
most {d['max_tokens']} tokens per reply, in headless Chromium on the release build.

**Outcome: {d['outcome']}** in {d['wall_ms'] / 60000:.1f} min; "{d['headline']}"
{('Failure shown: ' + d['failure']) if d['failure'] else ''}

| arm (record) | right | no usable answer |
|---|---|---|
{arms}

Calls: {c['calls']} in all ({status}); {c['reasked']} re-asks (a reply that did not parse or
validate is asked once more with the error); councils: {consults}; best-model samples:
{c['samples']}, of which {c['samples_failed']} failed. What the failed calls say, most frequent first:
{reasons or '- none'}

How the app handles them (as the record shows): a reply that does not parse or validate is re-asked
once with the error, then recorded as failed with the reason above; a consultation that fails
leaves the council unanswered on that question (counted neither right nor wrong: "no usable
answer" above), while the arms drawn from round 1 and from the samples are still graded; the run
goes on to the next question. Page errors: {len(d['page_errors'])}. Main thread {d['task_ms'] / 1000:.1f} s, JS heap peak {mib(d['js_heap_peak'])},
longest frame gap {d['frame_gap_max_ms']:.0f} ms, record {thousands(d['record_bytes'])} B.

{scores_table(d)}"""


def main() -> None:
    path, machine = sys.argv[1], sys.argv[2]
    d = json.loads(pathlib.Path(path).read_text())
    if d["model"] == "gemma":
        section = gemma(d, machine)
        splice("benchmark-gemma", "Benchmark mode, Gemma 3 270M smoke run (scripts/bench-benchmark.sh --gemma)", section)
    else:
        section = scripted(d, machine)
        splice("benchmark-mode", "Benchmark mode (scripts/bench-benchmark.sh)", section)
    print(section)


if __name__ == "__main__":
    main()
