// The browser's own main-thread cost of one streamed chat call, with no app in the page: what a
// Benchmark's main-thread time per question cannot go below while its calls are made from the
// page (scripts/bench-benchmark.sh --floor, BENCHMARKS.md "the floor").
// A blank page on a loopback static server sends BENCH_FLOOR_CALLS requests to the scripted
// server (tests/e2e/bench-server.mjs), 4 in flight as the app sends them, each streamed and read
// chunk by chunk to its end, with a body of the app's typical size; Chromium's main-thread
// TaskDuration (CDP Performance.getMetrics) over the batch, per call. Repeated BENCH_FLOOR_REPEATS
// times (the median is the figure). Prints one JSON object.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 18885);
const PAGE_PORT = Number(process.env.BENCH_APP_PORT ?? 18865);
const CALLS = Number(process.env.BENCH_FLOOR_CALLS ?? 340);
const REPEATS = Number(process.env.BENCH_FLOOR_REPEATS ?? 5);
const IN_FLIGHT = 4;
// About the size of a council's round-1 prompt in the Benchmark (its instructions and question).
const BODY_CHARS = Number(process.env.BENCH_FLOOR_BODY ?? 2500);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fetch-floor-'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>floor</title>');
const servers = [
  spawn('node', [path.join(root, 'tests', 'e2e', 'bench-server.mjs'), String(SIM_PORT)], { stdio: 'ignore' }),
  spawn('python3', ['-m', 'http.server', String(PAGE_PORT), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' }),
];

async function until(url) {
  for (let i = 0; i < 100; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

try {
  await until(`http://127.0.0.1:${SIM_PORT}/__config`);
  await until(`http://127.0.0.1:${PAGE_PORT}/index.html`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PAGE_PORT}/index.html`);
  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  const taskSeconds = async () =>
    (await client.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const perCall = [];
  let chunks = 0;
  for (let r = 0; r < REPEATS; r++) {
    const before = await taskSeconds();
    chunks = await page.evaluate(async ({ url, calls, inFlight, bodyChars }) => {
      const padding = 'Context the council is given before the question. '.repeat(Math.ceil(bodyChars / 51)).slice(0, bodyChars);
      let next = 0;
      let read = 0;
      async function one(i) {
        const question = `What is ${i % 97} + ${(i * 7) % 89} * ${(i % 5) + 2}?`;
        const body = JSON.stringify({
          model: 'sim-80-floor', stream: true, temperature: 0,
          messages: [{ role: 'system', content: 'You are panelist-1.' }, { role: 'user', content: `${padding}\n\nQuestion: ${question}` }],
        });
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer floor' }, body, signal: new AbortController().signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          decoder.decode(value, { stream: true });
          read++;
        }
      }
      async function worker() {
        while (next < calls) await one(next++);
      }
      await Promise.all(Array.from({ length: inFlight }, worker));
      return read / calls;
    }, { url: `http://127.0.0.1:${SIM_PORT}/v1/chat/completions`, calls: CALLS, inFlight: IN_FLIGHT, bodyChars: BODY_CHARS });
    perCall.push(((await taskSeconds()) - before) * 1000 / CALLS);
  }
  await browser.close();
  const sorted = [...perCall].sort((a, b) => a - b);
  console.log(JSON.stringify({
    measured_at: new Date().toISOString(),
    calls: CALLS,
    repeats: REPEATS,
    in_flight: IN_FLIGHT,
    body_chars: BODY_CHARS,
    chunks_per_call: chunks,
    main_thread_ms_per_call: sorted,
    median_ms_per_call: sorted[Math.floor(sorted.length / 2)],
    load_average: os.loadavg(),
  }));
} finally {
  for (const server of servers) server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
