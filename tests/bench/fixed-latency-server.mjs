#!/usr/bin/env node
// A fixed-latency OpenAI-compatible server for benchmarking the Consult protocol's wall time.
//
// POST .../chat/completions takes a fixed latency to answer with a valid reply for the round,
// chosen by `response_format.json_schema.name` (independent_answer, synthesis, cross_exam_reply,
// cross_exam_judgment, verdict), streamed (`stream: true`, usage chunk when `stream_options.include_usage`,
// then `data: [DONE]`) or as one JSON body. Usage is reported (about 4 characters a token).
//
// Plain Node, no dependencies, loopback only, CORS `*` (preflight included: authorization and
// content-type may be sent). Also:
//   GET  /health, GET /v1/models             liveness, and a model list for "Test connection"
//   GET  /__bench/stats                      calls so far, by schema name, the peak concurrency, and
//                                            idle_gaps_ms: for each call that found the server idle, the
//                                            time since the previous reply ended (the app's own time
//                                            between rounds)
//   POST /__bench/reset                      zeroes the stats
//   POST /__bench/latency?ms=N&first_text=F  changes the per-call latency, and the share F of it (0..1,
//                                            default 1) that passes before a streamed reply's first
//                                            text; the rest of the text is spread over the remaining
//                                            time (F = 1: the whole reply at the end, as a queued request)
//   POST /__bench/replies?size=demo          replies of about the demo council's sizes (in tokens: an
//                                            answer ~180, a synthesis ~700, a cross-examination ~200,
//                                            a verdict ~280), so prompts and replies weigh as in a real
//                                            consult; size=short (the default) the minimal ones
//   POST /__bench/stragglers?rate=R&seed=S   makes a seeded share R of calls 10x slower (models named
//                                            slow-* always are); stats count stragglers and aborted calls
//
// Usage: node tests/bench/fixed-latency-server.mjs [--port 18882] [--latency 500]
//        (or PORT / LATENCY_MS in the environment; arguments win).
import http from 'node:http';

function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const HOST = '127.0.0.1';
const PORT = Number(argument('port') ?? process.env.PORT ?? 18882);
let latencyMs = Number(argument('latency') ?? process.env.LATENCY_MS ?? 500);
let firstTextShare = 1;
let demoSized = false;
const MODEL_ID = 'fixed-latency';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  // A wildcard does not cover Authorization, so it is named.
  'Access-Control-Allow-Headers': 'authorization, content-type, x-title',
  'Access-Control-Max-Age': '600',
};

const STRAGGLER_FACTOR = 10;
let stragglerRate = 0;
// A seeded generator (mulberry32), so a benchmark's stragglers fall the same way every run.
let seed = 1;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
let stats = freshStats();
function freshStats() {
  return { aborted: 0, stragglers: 0, calls: 0, by_schema: {}, in_flight: 0, peak_in_flight: 0, latency_ms: latencyMs, first_text_share: firstTextShare, idle_gaps_ms: [], last_end: null, prompt_tokens: 0, completion_tokens: 0 };
}

const PROSE = 'A staged rollout keeps each step reversible, so the team learns from real traffic before it ' +
  'commits the next part of the budget. The first stage should carry the least risk and the most ' +
  'information: a read-only path, a small share of users, and a rollback that has been rehearsed. ' +
  'Costs stay visible per stage, which lets the next decision rest on measured numbers rather than ' +
  'estimates, and it gives the sceptics a concrete checkpoint at which to ask for a stop. ';

/** About `chars` characters of plain prose (ends on a word), for demo-sized replies. */
function prose(chars) {
  let text = PROSE;
  while (text.length < chars) text += PROSE;
  return text.slice(0, text.lastIndexOf(' ', chars)).trim() + '.';
}

/** The reply each round asks for, demo-sized when asked for. */
function replyFor(schemaName, body) {
  const reply = minimalReplyFor(schemaName, body);
  if (!demoSized) return reply;
  const agents = panelIds(body);
  const [first, second, third] = [agents[0] ?? 'panelist-1', agents[1] ?? agents[0] ?? 'panelist-2', agents[2] ?? agents[0] ?? 'panelist-3'];
  switch (schemaName) {
    case 'independent_answer':
      return { ...reply, key_points: [...reply.key_points, prose(150)], rationale: prose(420) };
    case 'synthesis':
      return {
        ...reply,
        consensus_points: [
          ...reply.consensus_points,
          { point: prose(180), supporting_agents: [first, second], confidence: 75 },
          { point: prose(190), supporting_agents: [second, third], confidence: 65 },
        ],
        tensions: [0, 1, 2].map((n) => ({
          topic: `Pace and scope ${n + 1}`,
          viewpoints: [first, second, third].map((agent, k) => ({ agent, viewpoint: prose(150 + 10 * k) })),
        })),
      };
    case 'cross_exam_reply':
      return {
        challenges: [
          { target_agent: first, challenge: prose(240), evidence: [prose(140), 'Competitors move quarterly'] },
          { target_agent: second, challenge: prose(200), evidence: [] },
        ],
        defense: prose(380),
      };
    case 'verdict':
      return { ...reply, recommendation: prose(380), evidence: [prose(180), prose(170), prose(160)] };
    default:
      return reply;
  }
}

/** The reply each round asks for; valid for the engine whatever the panel. */
function minimalReplyFor(schemaName, body) {
  const agents = panelIds(body);
  const [first, second] = [agents[0] ?? 'panelist-1', agents[1] ?? agents[0] ?? 'panelist-2'];
  switch (schemaName) {
    case 'independent_answer':
      return {
        position: 'Adopt the proposal in stages, starting with the lowest-risk part.',
        key_points: ['Staged adoption limits the blast radius', 'Early stages produce data for later decisions'],
        rationale: 'A reversible first step buys information at low cost.',
        confidence: 75,
      };
    case 'synthesis':
      return {
        consensus_points: [
          { point: 'A staged adoption is preferable', supporting_agents: agents.length ? agents : [first], confidence: 85 },
          { point: 'The first stage should be the lowest-risk part', supporting_agents: [first], confidence: 70 },
        ],
        tensions: [
          { topic: 'Pace', viewpoints: [{ agent: first, viewpoint: 'Go slowly' }, { agent: second, viewpoint: 'Go faster' }] },
        ],
        priority_order: ['Risk', 'Cost', 'Speed'],
      };
    case 'cross_exam_reply':
      return {
        challenges: [{ target_agent: first, challenge: 'The pace may be too slow to matter.', evidence: ['Competitors move quarterly'] }],
        defense: 'A staged plan still holds because each stage is reversible.',
      };
    case 'cross_exam_judgment':
      return { unresolved: [], duplicate_challenges: [] };
    case 'verdict':
      return {
        recommendation: 'Adopt the proposal in stages, starting this quarter with the lowest-risk part.',
        confidence: 80,
        evidence: ['Staged adoption limits the blast radius'],
        dissent: [{ agent: second, concern: 'The pace may be too slow', severity: 'low' }],
      };
    default:
      return { text: 'OK' };
  }
}

/** Panelist ids named in the prompt (`panelist-N`), in order of first appearance. */
function panelIds(body) {
  const text = (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  return [...new Set(text.match(/panelist-\d+/g) ?? [])];
}

const tokens = (text) => Math.max(1, Math.ceil(text.length / 4));
/** Tokens of the replies sent in full (an aborted request's are not counted). */
function countUsage(usage) {
  stats.prompt_tokens += usage.prompt_tokens;
  stats.completion_tokens += usage.completion_tokens;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function chat(req, res, raw) {
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    return send(res, 400, { error: { message: 'the body is not JSON', type: 'invalid_request_error' } });
  }
  const schemaName = body.response_format?.json_schema?.name ?? 'none';
  stats.calls += 1;
  stats.by_schema[schemaName] = (stats.by_schema[schemaName] ?? 0) + 1;
  if (stats.in_flight === 0 && stats.last_end !== null) {
    stats.idle_gaps_ms.push(Number((performance.now() - stats.last_end).toFixed(1)));
  }
  stats.in_flight += 1;
  stats.peak_in_flight = Math.max(stats.peak_in_flight, stats.in_flight);
  let closed = false;
  let answered = false;
  res.on('close', () => { closed = true; if (!answered) stats.aborted += 1; });
  // A straggler (a model named slow-*, or a seeded share of calls) takes STRAGGLER_FACTOR x longer.
  const straggler = String(body.model ?? '').startsWith('slow') || random() < stragglerRate;
  if (straggler) stats.stragglers += 1;
  try {
    const latency = straggler ? latencyMs * STRAGGLER_FACTOR : latencyMs;
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const streamed = body.stream === true && firstTextShare < 1;
    await sleep(streamed ? latency * firstTextShare : latency);
    if (closed) return;
    const content = JSON.stringify(replyFor(schemaName, body));
    const promptText = (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    const usage = { prompt_tokens: tokens(promptText), completion_tokens: tokens(content) };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-bench-${stats.calls}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? MODEL_ID;
    if (body.stream !== true) {
      answered = true;
      countUsage(usage);
      return send(res, 200, {
        id, object: 'chat.completion', created, model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    const chunk = (choices, extra = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
    const pieces = [];
    for (let i = 0; i < content.length; i += 64) pieces.push(content.slice(i, i + 64));
    let out = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    if (streamed) {
      // The first piece now, the others spread over the rest of the latency.
      const gap = (latency * (1 - firstTextShare)) / pieces.length;
      for (const [index, piece] of pieces.entries()) {
        if (index > 0) await sleep(gap);
        if (closed) return;
        res.write((index === 0 ? out : '') + chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
      }
      await sleep(gap);
      if (closed) return;
      out = '';
    } else {
      for (const piece of pieces) out += chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    }
    answered = true;
    countUsage(usage);
    out += chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    if (body.stream_options?.include_usage) out += chunk([], { usage });
    out += 'data: [DONE]\n\n';
    res.end(out);
  } finally {
    stats.in_flight -= 1;
    if (stats.in_flight === 0) stats.last_end = performance.now();
  }
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}:${PORT}`);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS);
    return res.end();
  }
  if (req.method === 'GET' && (url.pathname === '/health' || url.pathname === '/')) {
    return send(res, 200, { status: 'ok', latency_ms: latencyMs });
  }
  if (req.method === 'GET' && url.pathname.endsWith('/models')) {
    return send(res, 200, { object: 'list', data: [{ id: MODEL_ID, object: 'model', owned_by: 'bench' }] });
  }
  if (req.method === 'GET' && url.pathname === '/__bench/stats') {
    return send(res, 200, { ...stats, latency_ms: latencyMs });
  }
  if (req.method === 'POST' && url.pathname === '/__bench/reset') {
    stats = freshStats();
    return send(res, 200, stats);
  }
  if (req.method === 'POST' && url.pathname === '/__bench/replies') {
    const size = url.searchParams.get('size');
    if (size !== 'demo' && size !== 'short') return send(res, 400, { error: { message: 'size must be demo or short' } });
    demoSized = size === 'demo';
    return send(res, 200, { size });
  }
  if (req.method === 'POST' && url.pathname === '/__bench/stragglers') {
    const rate = Number(url.searchParams.get('rate'));
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) return send(res, 400, { error: { message: 'rate must be in 0..1' } });
    stragglerRate = rate;
    seed = Number(url.searchParams.get('seed') ?? 1);
    return send(res, 200, { rate: stragglerRate, seed });
  }
  if (req.method === 'POST' && url.pathname === '/__bench/latency') {
    const ms = Number(url.searchParams.get('ms'));
    if (!Number.isFinite(ms) || ms < 0) return send(res, 400, { error: { message: 'ms must be a number >= 0' } });
    const share = Number(url.searchParams.get('first_text') ?? 1);
    if (!Number.isFinite(share) || share < 0 || share > 1) return send(res, 400, { error: { message: 'first_text must be in 0..1' } });
    latencyMs = ms;
    firstTextShare = share;
    stats.latency_ms = ms;
    stats.first_text_share = share;
    return send(res, 200, { latency_ms: latencyMs, first_text_share: firstTextShare });
  }
  if (req.method === 'POST' && url.pathname.endsWith('/chat/completions')) {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (piece) => { raw += piece; });
    req.on('end', () => { chat(req, res, raw).catch((e) => { if (!res.headersSent) send(res, 500, { error: { message: String(e) } }); else res.destroy(); }); });
    return;
  }
  send(res, 404, { error: { message: `no route for ${req.method} ${url.pathname}`, type: 'not_found' } });
});

server.listen(PORT, HOST, () => {
  console.log(`fixed-latency server on http://${HOST}:${PORT}/v1 (latency ${latencyMs} ms)`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
