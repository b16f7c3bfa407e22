// The Benchmark mode's own figures (scripts/bench-benchmark.sh), in Chromium on the release build:
// one benchmark of BENCH_QUESTIONS questions x 4 arms, from "Run the benchmark" to "complete".
//   - wall time: the click to the complete badge;
//   - main-thread time: Chromium's TaskDuration and ScriptDuration (CDP Performance.getMetrics),
//     their growth over the run;
//   - memory: the JS heap's used size sampled every 500 ms (CDP Performance.getMetrics
//     JSHeapUsedSize; its peak), and the WebAssembly memory's size at the end (the memory the
//     app's module exports, caught as WebAssembly.instantiate* resolve; a wasm memory never
//     shrinks, so its end is its peak);
//   - stored bytes: the run's record as stored in IndexedDB (UTF-8 bytes of its JSON text, plus its
//     questions' entries, stored apart, its history summary and search text), and
//     navigator.storage.estimate()'s usage before and after;
//   - responsiveness while the run streams and ends (until 3 s after the complete badge): the gaps between animation frames (a frame is due
//     every 16.7 ms; a long gap is a page that cannot paint or take input) and the long tasks
//     (PerformanceObserver 'longtask', over 50 ms).
// BENCH_MODEL=scripted (default): tests/e2e/bench-server.mjs, the e2e suite's panel (sim-55, sim-65,
// sim-80, judge sim-80, best single sim-80). BENCH_MODEL=gemma: llama-server with Gemma 3 270M on
// every seat (a base model: the smoke run records what it scores and how its replies fared).
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { addCompatibleProvider, confirmConsent, openCouncil, showAdvancedSettings, watchConsole } from '../e2e/helpers';
import { BENCH_GEMMA_PORT, BENCH_SIM_PORT } from './ports';

const GEMMA = process.env.BENCH_MODEL === 'gemma';
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? (GEMMA ? 2 : 200));
const SEED = Number(process.env.BENCH_SEED ?? 7);
const GEMMA_MAX_TOKENS = Number(process.env.BENCH_MAX_TOKENS ?? 1024);
const group = `b${Date.now().toString(36)}`;
const seats = GEMMA
  ? ['gemma-3-270m', 'gemma-3-270m', 'gemma-3-270m', 'gemma-3-270m']
  : ['sim-55', 'sim-65', 'sim-80', 'sim-80'].map((m) => `${m}-${group}`);

async function metricsOf(client: any): Promise<Record<string, number>> {
  const { metrics } = await client.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m: any) => [m.name, m.value]));
}

/** The byte sizes of the WebAssembly memories the app's modules export (kept by the init script). */
async function wasmMemories(page: Page): Promise<number[]> {
  return page.evaluate(() => ((window as any).__wasmMemories as WebAssembly.Memory[]).map((m) => m.buffer.byteLength));
}

/** The benchmark records in IndexedDB: UTF-8 bytes of each store's entry, and the run as the app
 * reads it (its record joined with its questions, which are stored apart: store `outcomes`,
 * key [run id, question index], value {result, calls}). */
async function storedBenchmark(page: Page) {
  return page.evaluate(() => new Promise<any>((resolve, reject) => {
    const open = indexedDB.open('consilium');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const stores = ['sessions', 'summaries', 'texts', 'outcomes'].filter((s) => db.objectStoreNames.contains(s));
      const tx = db.transaction(stores, 'readonly');
      const all: Record<string, { keys: IDBRequest; values: IDBRequest }> = {};
      for (const s of stores) all[s] = { keys: tx.objectStore(s).getAllKeys(), values: tx.objectStore(s).getAll() };
      tx.oncomplete = () => {
        const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v)).length;
        const sessions = all.sessions.values.result as string[];
        const index = sessions.findIndex((text) => JSON.parse(text).protocol === 'benchmark');
        const id = all.sessions.keys.result[index];
        const sizeIn = (s: string) => {
          if (!all[s]) return 0;
          const i = (all[s].keys.result as any[]).findIndex((k) => k === id);
          return i < 0 ? 0 : bytes(all[s].values.result[i]);
        };
        const record = JSON.parse(sessions[index]);
        const questions: [number, any][] = [];
        let outcomesBytes = 0;
        let questionsBytes = 0;
        if (all.outcomes) {
          (all.outcomes.keys.result as any[]).forEach((k, i) => {
            if (!Array.isArray(k) || k[0] !== id) return;
            const text = all.outcomes.values.result[i];
            // [id, -1]: the questions' text, stored once apart from the record.
            if (k[1] < 0) {
              questionsBytes += bytes(text);
              if (record.body?.questions_apart) record.body.questions = JSON.parse(text);
              return;
            }
            outcomesBytes += bytes(text);
            questions.push([k[1], JSON.parse(text)]);
          });
        }
        if (record.body?.results_apart != null) {
          questions.sort((a, b) => a[0] - b[0]);
          record.body.results = questions.map(([, q]) => q.result);
          record.calls = [...(record.calls ?? []), ...questions.flatMap(([, q]) => q.calls ?? [])];
        }
        db.close();
        resolve({ id, record, record_bytes: sizeIn('sessions'), outcomes_bytes: outcomesBytes, questions_bytes: questionsBytes, outcomes_count: questions.length, summary_bytes: sizeIn('summaries'), text_bytes: sizeIn('texts') });
      };
      tx.onerror = () => reject(tx.error);
    };
  }));
}

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

/** Each arm's score as the results table shows it. */
async function scores(page: Page) {
  const out: { arm: string; score: string }[] = [];
  for (const row of await page.locator('table.bench-arms tbody tr').all()) {
    out.push({
      arm: (await row.locator('th').innerText()).trim(),
      score: (await row.locator('td[data-label="Score"]').innerText()).trim(),
    });
  }
  return out;
}

/** What happened to every call of the run (the samples' in the envelope, each council's in its consultation). */
function callsOf(record: any) {
  const calls: any[] = [...(record.calls ?? [])];
  const consults: string[] = [];
  for (const result of record.body?.results ?? []) {
    if (result.consult) {
      calls.push(...(result.consult.calls ?? []));
      consults.push(result.consult.state);
    }
  }
  const byStatus: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  for (const call of calls) {
    byStatus[call.status] = (byStatus[call.status] ?? 0) + 1;
    if (call.status !== 'ok' && call.error) {
      const reason = String(call.error).replace(/\d+/g, 'N').slice(0, 140);
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
  }
  const reasked = calls.filter((c) => /-reask$/.test(c.call_id)).length;
  const consultStates: Record<string, number> = {};
  for (const state of consults) consultStates[state] = (consultStates[state] ?? 0) + 1;
  const sampleErrors = (record.body?.results ?? []).flatMap((r: any) => r.samples ?? []).filter((s: any) => s.error).length;
  const samples = (record.body?.results ?? []).flatMap((r: any) => r.samples ?? []).length;
  const arms: Record<string, { answered: number; correct: number; no_answer: number }> = {};
  for (const result of record.body?.results ?? []) {
    for (const outcome of result.arms ?? []) {
      const key = outcome.arm.kind + (outcome.arm.participant_id ? `:${outcome.arm.participant_id}` : '');
      const a = (arms[key] ??= { answered: 0, correct: 0, no_answer: 0 });
      a.answered += 1;
      if (outcome.correct) a.correct += 1;
      if (outcome.final_answer == null) a.no_answer += 1;
    }
  }
  // Time per question in each quarter of the run: a cost that grows with the record shows here.
  const elapsed = (record.body?.results ?? []).map((r: any) => r.elapsed_ms ?? 0);
  const quarter = Math.max(1, Math.floor(elapsed.length / 4));
  const quarters = [0, 1, 2, 3].map((i) => elapsed.slice(i * quarter, i === 3 ? undefined : (i + 1) * quarter))
    .filter((part: number[]) => part.length > 0)
    .map((part: number[]) => Math.round(part.reduce((a: number, b: number) => a + b, 0) / part.length));
  return { question_ms_by_quarter: quarters, calls: calls.length, by_status: byStatus, reasked, failure_reasons: reasons, consult_states: consultStates, samples, samples_failed: sampleErrors, arms };
}

// BENCH_RUNS_ON_PAGE=1 also keeps the service worker out, which would serve the run's worker script
// from its cache past the refusal below.
if (process.env.BENCH_RUNS_ON_PAGE) test.use({ serviceWorkers: 'block' });

test('the Benchmark mode, end to end: wall time, main thread, memory, storage, responsiveness', async ({ page }) => {
  // The figures are the app's: every frame gap and long task from the first script on.
  await page.addInitScript(() => {
    const w = window as any;
    w.__resp = { on: false, gaps: [] as number[], longTasks: [] as number[], longGaps: [] as [number, number][] };
    let last = performance.now();
    const frame = (t: number) => {
      if (w.__resp.on) w.__resp.gaps.push(t - last);
      // The long ones with when they ended, to tell the run's from its end's.
      if (w.__resp.on && t - last > 100) w.__resp.longGaps.push([t, t - last]);
      last = t;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      if (w.__resp.on) for (const e of list.getEntries()) w.__resp.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    // Every memory a wasm module exports (the main module's; the split parts import it).
    w.__wasmMemories = [] as WebAssembly.Memory[];
    const keep = (result: any) => {
      const memory = (result?.instance ?? result)?.exports?.memory;
      if (memory instanceof WebAssembly.Memory && !w.__wasmMemories.includes(memory)) w.__wasmMemories.push(memory);
      return result;
    };
    for (const name of ['instantiate', 'instantiateStreaming'] as const) {
      const original = (WebAssembly as any)[name];
      (WebAssembly as any)[name] = function (this: unknown, ...args: unknown[]) { return original.apply(this, args).then(keep); };
    }
  });
  const errors = watchConsole(page);
  // BENCH_RUNS_ON_PAGE=1: the run's worker refused, so the run goes on the page (the build before
  // the worker, on the same build: the before of the worker's figures).
  if (process.env.BENCH_RUNS_ON_PAGE) await page.route(/\/run-worker\.js/, (route) => route.abort('failed'));

  await page.goto('/');
  const base = GEMMA ? `http://127.0.0.1:${BENCH_GEMMA_PORT}/v1` : `http://127.0.0.1:${BENCH_SIM_PORT}/v1`;
  await addCompatibleProvider(page, GEMMA ? 'Gemma local' : 'Bench', base, seats[0]);
  if (GEMMA) {
    await showAdvancedSettings(page);
    await page.getByLabel('Max tokens per reply').fill(String(GEMMA_MAX_TOKENS));
    await page.getByLabel('Max tokens per reply').blur();
  }
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByLabel('How many').fill(String(QUESTIONS));
  await page.getByLabel('How many').blur();
  await page.getByLabel(/^Seed/).fill(String(SEED));
  await page.getByLabel(/^Seed/).blur();
  await openCouncil(page);
  const names = ['Panelist 1', 'Panelist 2', 'Panelist 3', 'Judge'];
  for (const [i, seat] of names.entries()) {
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(seats[i]);
    await editor.getByLabel('Model').blur();
    await expect(editor.getByLabel('Model')).toHaveValue(seats[i]);
  }
  if (!GEMMA) await page.getByLabel(/^Best single model/).selectOption({ label: `Panelist 3: ${seats[2]}` });

  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  // BENCH_PROFILE=1: a CPU profile of the run, its functions by self time (where the main thread goes).
  const profiling = !!process.env.BENCH_PROFILE;
  if (profiling) {
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: 1000 });
    await client.send('Profiler.start');
  }
  const usageBefore = await usage(page);
  const before = await metricsOf(client);
  let heapPeak = before.JSHeapUsedSize;
  let heapTotalPeak = before.JSHeapTotalSize;
  await page.evaluate(() => { (window as any).__resp.on = true; });
  // BENCH_TRACE=1: a Chromium trace of the run (devtools.timeline), its main-thread events by
  // total time (what the page spends beside script: paint, layout, style, tasks).
  const tracing = !!process.env.BENCH_TRACE;
  if (tracing) await page.context().browser()!.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const started = Date.now();
  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  await confirmConsent(page);
  await expect(page.locator('.bench-progress')).toBeVisible();
  const badge = page.locator('.session-meta .badge').first();
  const ended = /^(complete|failed|aborted)$/;
  let progressSeen = '';
  for (;;) {
    const state = (await badge.textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
    if (process.env.BENCH_DEBUG) console.log(`badge: ${JSON.stringify(state)}`);
    if (ended.test(state.trim())) break;
    const m = await metricsOf(client);
    heapPeak = Math.max(heapPeak, m.JSHeapUsedSize);
    heapTotalPeak = Math.max(heapTotalPeak, m.JSHeapTotalSize);
    const now = (await page.locator('.bench-progress-counts strong').textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
    if (GEMMA && now !== progressSeen) console.log(`${Math.round((Date.now() - started) / 1000)} s: ${now}`);
    progressSeen = now;
    await page.waitForTimeout(500);
  }
  const wallMs = Date.now() - started;
  const completeAt: number = await page.evaluate(() => performance.now());
  if (tracing) {
    const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString());
    const events: any[] = trace.traceEvents ?? trace;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const total = new Map<string, number>();
    const count = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || !main || e.pid !== main.pid || e.tid !== main.tid) continue;
      total.set(e.name, (total.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      count.set(e.name, (count.get(e.name) ?? 0) + 1);
    }
    const top = [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
    fs.writeFileSync(`test-results/bench-benchmark-trace-${QUESTIONS}.txt`, top.map(([n, ms]) => `${ms.toFixed(0)} ms  ${count.get(n)}x  ${n}`).join('\n'));
  }
  const after = await metricsOf(client);
  if (profiling) {
    const { profile } = await client.send('Profiler.stop');
    fs.writeFileSync(`test-results/bench-benchmark-profile-${QUESTIONS}.cpuprofile`, JSON.stringify(profile));
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const node of profile.nodes) {
      const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}`;
      self.set(name, (self.get(name) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
    fs.writeFileSync(`test-results/bench-benchmark-profile-${QUESTIONS}.txt`, top.map(([n, ms]) => `${ms.toFixed(0)} ms  ${n}`).join('\n'));
  }
  const outcome = ((await badge.textContent()) ?? '').trim();
  const wasm = await wasmMemories(page);
  heapPeak = Math.max(heapPeak, after.JSHeapUsedSize);

  // Saves are coalesced: wait for the last one, then read what is stored. The frame gaps are
  // read after that wait: the end's last tasks (the final save, the results, which council to
  // keep) may run after the badge reads complete, and their gaps count.
  await page.waitForTimeout(3_000);
  const resp = await page.evaluate(() => { const r = (window as any).__resp; r.on = false; return r; });
  const stored = await storedBenchmark(page);
  const usageAfter = await usage(page);
  const headline = (await page.locator('.bench-headline').textContent().catch(() => null))?.trim() ?? null;
  const failure = (await page.locator('.failure, .failure-banner').allInnerTexts()).join(' ').trim();
  const gaps = [...resp.gaps].sort((a: number, b: number) => a - b);
  const pct = (p: number) => gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * p))] ?? 0;

  const result = {
    measured_at: new Date().toISOString(),
    model: GEMMA ? 'gemma' : 'scripted',
    max_tokens: GEMMA ? GEMMA_MAX_TOKENS : null,
    questions: QUESTIONS,
    seed: SEED,
    seats,
    latency_ms: GEMMA ? null : Number(process.env.BENCH_LATENCY_MS ?? 0),
    runs: await page.locator('html').getAttribute('data-runs'),
    outcome,
    headline,
    failure: failure || null,
    wall_ms: wallMs,
    task_ms: (after.TaskDuration - before.TaskDuration) * 1000,
    script_ms: (after.ScriptDuration - before.ScriptDuration) * 1000,
    layout_ms: (after.LayoutDuration - before.LayoutDuration) * 1000,
    style_ms: (after.RecalcStyleDuration - before.RecalcStyleDuration) * 1000,
    js_heap_before: before.JSHeapUsedSize,
    js_heap_peak: heapPeak,
    js_heap_total_peak: heapTotalPeak,
    js_heap_after: after.JSHeapUsedSize,
    wasm_memory_bytes: wasm,
    record_bytes: stored.record_bytes,
    outcomes_bytes: stored.outcomes_bytes,
    questions_bytes: stored.questions_bytes,
    outcomes_count: stored.outcomes_count,
    summary_bytes: stored.summary_bytes,
    text_bytes: stored.text_bytes,
    storage_usage_before: usageBefore,
    storage_usage_after: usageAfter,
    frames: gaps.length,
    frame_gap_p50_ms: pct(0.5),
    frame_gap_p99_ms: pct(0.99),
    frame_gap_max_ms: gaps[gaps.length - 1] ?? 0,
    frame_gaps_over_100ms: gaps.filter((g: number) => g > 100).length,
    // The 8 longest gaps over 200 ms: how long, and how long before the complete badge was
    // read they ended (negative: after it, the end's last tasks).
    frame_gaps_longest: [...resp.longGaps].sort((a: [number, number], b: [number, number]) => b[1] - a[1]).slice(0, 8)
      .map(([t, gap]: [number, number]) => ({ gap_ms: Math.round(gap), ended_before_complete_ms: Math.round(completeAt - t) })),
    long_tasks: resp.longTasks.length,
    long_task_total_ms: resp.longTasks.reduce((a: number, b: number) => a + b, 0),
    long_task_max_ms: Math.max(0, ...resp.longTasks),
    scores: await scores(page),
    calls: callsOf(stored.record),
    page_errors: errors,
  };
  const out = process.env.BENCH_OUT ?? `test-results/bench-benchmark-${result.model}.json`;
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(JSON.stringify({ ...result, scores: result.scores }, null, 2));
  await page.screenshot({ path: `test-results/bench-benchmark-${result.model}.png`, fullPage: true });
  if (!GEMMA) {
    expect(outcome).toBe('complete');
    await expect(page.locator('.bench-progress-counts strong')).toHaveText(`${QUESTIONS.toLocaleString("en-US")} of ${QUESTIONS.toLocaleString("en-US")} questions done`);
  } else {
    // Whatever Gemma scores, the run ends with every question accounted for.
    expect(outcome, failure).toMatch(/^(complete|failed)$/);
  }
  expect(errors).toEqual([]);
});
