#!/usr/bin/env python3
"""What hedging can reach at best on the hedging benchmark's straggler model (scripts/bench-hedging.sh).

A consult is 5 phases in sequence (3 panelists, judge, 3 panelists, judge, judge: 9 calls); a phase
ends with its slowest call. Every call takes LATENCY ms, or 10x that with probability RATE, the
backup's call too (same server). The whole latency comes before the first byte, so a straggler can
only be told apart once LATENCY has passed: a hedge is sent at the deadline d >= LATENCY, and up to
`backups` more every d after that. Overhead between phases is the no-straggler time minus 5 calls.
Prints p50 and p95 over the no-straggler time and the extra calls, for a range of policies: the
best any deadline-based hedging can do here, whatever the engine.

    python3 tests/bench/hedging_bound.py [--no-straggler-ms 3130] [--latency 500] [--rate 0.2]
"""
import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("--no-straggler-ms", type=float, default=3130)
parser.add_argument("--latency", type=float, default=500)
parser.add_argument("--rate", type=float, default=0.2)
parser.add_argument("--consults", type=int, default=20000)
args = parser.parse_args()
PHASES = [3, 1, 3, 1, 1]
overhead = args.no_straggler_ms - len(PHASES) * args.latency
rng = random.Random(1)


def one_call(deadline, backups):
    slow = lambda: args.latency * (10 if rng.random() < args.rate else 1)
    done, calls = slow(), 1
    for k in range(1, backups + 1):
        sent = deadline * k
        if done <= sent:
            break
        calls += 1
        done = min(done, sent + slow())
    return done, calls


print("| deadline | backups per call | p50 / no-straggler | p95 / no-straggler | extra calls |")
print("|---|---|---|---|---|")
for deadline, backups in [(None, 0), (1.1, 1), (1.1, 3), (1.2, 3), (2.0, 1), (3.0, 1)]:
    times, calls = [], 0
    for _ in range(args.consults):
        total = overhead
        for size in PHASES:
            phase = [one_call(deadline * args.latency if deadline else 0, backups) for _ in range(size)]
            total += max(t for t, _ in phase)
            calls += sum(c for _, c in phase)
        times.append(total)
    times.sort()
    extra = calls / (args.consults * sum(PHASES)) - 1
    label = "off" if deadline is None else f"{deadline:g} x latency"
    print(f"| {label} | {backups} | {times[len(times) // 2] / args.no_straggler_ms:.2f} | "
          f"{times[int(0.95 * len(times))] / args.no_straggler_ms:.2f} | {extra * 100:.1f}% |")
