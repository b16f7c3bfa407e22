"""Writes the Benchmark mode's cost against its length into BENCHMARKS.md, from one
tests/bench/benchmark-mode.bench.ts JSON per length (scripts/bench-benchmark.sh --lengths): the
page's main-thread time per question at each length, its slope, and the native time per question
beside it."""
import json
import pathlib
import sys

from benchmarks_md import splice


def per_question(d: dict, key: str) -> float:
    return d[key] / d["questions"]


def slope(points: list[tuple[float, float]]) -> float:
    """Least squares: main-thread ms per question gained per extra question."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0


def section(runs: list[dict], machine: str, native_ms: float, native_note: str) -> str:
    runs = sorted(runs, key=lambda d: d["questions"])
    rows = []
    for d in runs:
        q = d["questions"]
        stored = d["record_bytes"] + d.get("outcomes_bytes", 0) + d.get("questions_bytes", 0)
        task = per_question(d, "task_ms")
        rows.append(
            f"| {q:,} | {d['outcome']} | {d['wall_ms'] / 1000:.1f} s | {d['task_ms'] / 1000:.1f} s | "
            f"**{task:.0f} ms** ({task / native_ms:.1f}x native) | {per_question(d, 'script_ms'):.0f} ms | "
            f"{d['record_bytes']:,} B | {d.get('outcomes_bytes', 0) / q / 1024:.1f} KiB | {stored / q / 1024:.1f} KiB | "
            f"{d['frame_gap_max_ms']:.0f} ms |"
        )
    points = [(d["questions"], per_question(d, "task_ms")) for d in runs]
    fit = slope(points)
    first, last = points[0], points[-1]
    date = runs[-1]["measured_at"][:10]
    slope_text = (
        f"Slope (least squares over the {len(runs)} lengths): {fit * 100:+.2f} ms per question for every 100 more\n"
        f"questions; {first[1]:.0f} ms at {first[0]:,} and {last[1]:.0f} ms at {last[0]:,} questions\n"
        f"({last[1] / first[1]:.2f}x). "
        if len(runs) > 1
        else "One length, so no slope. "
    )
    ratio = (
        f"{first[1] / native_ms:.1f}-{last[1] / native_ms:.1f}x"
        if len(runs) > 1
        else f"{first[1] / native_ms:.1f}x"
    )
    responsiveness = [
        f"{d['questions']:,} questions: gap p99 {d['frame_gap_p99_ms']:.0f} ms, "
        f"{d['frame_gaps_over_100ms']} gaps over 100 ms, longest {d['frame_gap_max_ms']:.0f} ms; "
        f"{d['long_tasks']} long tasks, longest {d['long_task_max_ms']:.0f} ms"
        + (
            " (longest gaps, and when they ended: "
            + ", ".join(
                f"{g['gap_ms']:,} ms {g['ended_before_complete_ms'] / 1000:.1f} s before the complete badge"
                if g["ended_before_complete_ms"] >= 0
                else f"{g['gap_ms']:,} ms {-g['ended_before_complete_ms'] / 1000:.1f} s after it"
                for g in d["frame_gaps_longest"][:4]
            )
            + ")"
            if d.get("frame_gaps_longest")
            else ""
        )
        for d in runs
    ]
    lengths = ", ".join(f"{d['questions']:,}" for d in runs)
    return f"""### Benchmark mode at {lengths} questions, scripted models, {date} ({machine})

`scripts/bench-benchmark.sh --lengths {','.join(str(d['questions']) for d in runs)}`: one run per length, each as the
section above describes (release build, headless Chromium, `tests/e2e/bench-server.mjs` with no
added latency, 4 arms, k = 9, seed {runs[0]['seed']}). Main-thread time is CDP `TaskDuration` from
the click on "Run the benchmark" to the complete badge, divided by the questions. Stored: the run's
record (configuration and summary), the questions' text (one entry, written at the run's start
and end) and each question's outcomes (one entry each), all but the record in IndexedDB store
`outcomes`, as UTF-8 JSON.

| questions | outcome | wall | main thread | main thread per question | of which script | record | per-question entry (mean) | stored per question | longest frame gap |
|---|---|---|---|---|---|---|---|---|---|
{chr(10).join(rows)}

{slope_text}Native: {native_ms:g} ms per question ({native_note}); the page's time per question is
{ratio} that.

Responsiveness (frame gaps from the click to 3 s after the complete badge, so the end's last
tasks count): {'; '.join(responsiveness)}.
"""


def main() -> None:
    machine, native_ms, native_note = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    runs = [json.loads(pathlib.Path(p).read_text()) for p in sys.argv[4:]]
    text = section(runs, machine, native_ms, native_note)
    splice("benchmark-lengths", "Benchmark mode against its length (scripts/bench-benchmark.sh --lengths)", text)
    print(text)


if __name__ == "__main__":
    main()
