#!/usr/bin/env python3
"""What the app's hedging policy can reach on the hedging benchmark's straggler model (scripts/bench-hedging.sh).

A consult is 5 phases in sequence (3 panelists, judge, 3 panelists, judge, judge: 9 calls); a phase
ends with its slowest call. Every request takes LATENCY ms, or 10x that with probability RATE (hedges
too: same server), and sends its first text after FIRST_TEXT_SHARE of its time. The policy is the
app's: a request is on time when its first text comes within the deadline d of its sending; at each
multiple of d after the call began, while no request under way is on time, one more is sent (4 in
all). Overhead between phases is the no-straggler time minus 5 calls. Prints p50 and p95 over the
no-straggler time and the extra requests, for a range of deadlines:

    python3 tests/bench/hedging_bound.py [--first-text-share 0.1] [--no-straggler-ms 3000]

With --first-text-share 1 (the whole latency before the first byte, as a queued request) a straggler
cannot be told apart before LATENCY has passed, so the deadlines tried are multiples of LATENCY.
"""
import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("--no-straggler-ms", type=float, default=3000)
parser.add_argument("--latency", type=float, default=500)
parser.add_argument("--rate", type=float, default=0.2)
parser.add_argument("--first-text-share", type=float, default=0.1)
parser.add_argument("--consults", type=int, default=20000)
args = parser.parse_args()
PHASES = [3, 1, 3, 1, 1]
MAX_REQUESTS = 4
overhead = args.no_straggler_ms - len(PHASES) * args.latency
rng = random.Random(1)


def request(sent):
    """(sent, first text, done) of one request sent at `sent`."""
    took = args.latency * (10 if rng.random() < args.rate else 1)
    return sent, sent + took * args.first_text_share, sent + took


def one_call(deadline):
    requests = [request(0)]
    while deadline and len(requests) < MAX_REQUESTS:
        tick = deadline * len(requests)
        if min(done for _, _, done in requests) <= tick:
            break
        if any(first - sent <= deadline and first <= tick for sent, first, _ in requests):
            break
        requests.append(request(tick))
    return min(done for _, _, done in requests), len(requests)


if args.first_text_share >= 1:
    deadlines = [None] + [args.latency * m for m in (1.1, 1.2, 2.0)]
else:
    deadlines = [None, 100, 150, 200, 250, 300, 500]
print(f"first text after {args.first_text_share:g} of the latency")
print()
print("| deadline (ms) | p50 / no-straggler | p95 / no-straggler | extra requests |")
print("|---|---|---|---|")
for deadline in deadlines:
    times, requests = [], 0
    for _ in range(args.consults):
        total = overhead
        for size in PHASES:
            phase = [one_call(deadline) for _ in range(size)]
            total += max(t for t, _ in phase)
            requests += sum(n for _, n in phase)
        times.append(total)
    times.sort()
    extra = requests / (args.consults * sum(PHASES)) - 1
    label = "off" if deadline is None else f"{deadline:g}"
    print(f"| {label} | {times[len(times) // 2] / args.no_straggler_ms:.2f} | "
          f"{times[int(0.95 * len(times))] / args.no_straggler_ms:.2f} | {extra * 100:.1f}% |")
