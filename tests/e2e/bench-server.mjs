// A scripted OpenAI-compatible server for the Benchmark mode, on loopback: models of known
// behaviour (tests/e2e/bench/models.mjs) answer checkable questions right or wrong
// deterministically, so each arm's accuracy is known in closed form (tests/e2e/bench/expected.mjs).
// GET /v1/models, POST /v1/chat/completions (streamed SSE or not, as asked), the reply filling the
// request's JSON schema (or the prose-mode prompt's shape) with the answer in `final_answer`.
// A judge's verdict reads the round-1 answers in its own prompt: their majority, flipped by debate
// at the configured rates. GET /__journal lists every chat request (model, kind, question, seat:
// who asks, from the system prompt, sample, right, delivered: whether the whole reply went out);
// POST /__reset clears it and the sample counters.
// Usage: node bench-server.mjs <port> [--rho 0.3] [--right-to-wrong 0.05] [--wrong-to-right 0.6]
//        [--latency-ms 0] [--models sim-55-a,sim-65-a,sim-80-a]
import http from 'node:http';
import { parseArgs } from 'node:util';

import { callIsRight, DEFAULT_CONFIG, parseModel, slip, uniform, verdictIsRight } from './bench/models.mjs';
import { readQuestion } from './bench/questions.mjs';
import { fillSchema, shapeSchema } from './bench/schema-fill.mjs';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rho: { type: 'string' },
    'right-to-wrong': { type: 'string' },
    'wrong-to-right': { type: 'string' },
    'latency-ms': { type: 'string' },
    models: { type: 'string' },
  },
});
const port = Number(positionals[0] ?? 18084);
const config = {
  rho: Number(flags.rho ?? DEFAULT_CONFIG.rho),
  rightToWrong: Number(flags['right-to-wrong'] ?? DEFAULT_CONFIG.rightToWrong),
  wrongToRight: Number(flags['wrong-to-right'] ?? DEFAULT_CONFIG.wrongToRight),
};
const latencyMs = Number(flags['latency-ms'] ?? 0);
const listed = (flags.models ?? 'sim-55-demo,sim-65-demo,sim-80-demo').split(',');

let journal = [];
let samples = new Map();

/** Which call this is: a consult round by its schema's name or its prompt, else a plain question. */
function kindOf(payload, user) {
  const named = payload.response_format?.json_schema?.name;
  if (named) return named;
  if (/Answer on your own/.test(user)) return 'independent_answer';
  if (/Synthesise them/.test(user)) return 'synthesis';
  if (/Now decide\./.test(user)) return 'verdict';
  if (/cross-exam|challenge/i.test(user) && /defen[cs]e/i.test(user)) return 'cross_exam_reply';
  return 'plain';
}

/** Who asks, from the system prompt: a panelist's id ("You are panelist-2, …", the best single
 * model's samples "You are best-single, …"), the judge, or '' for a prompt with no system. */
function seatOf(system) {
  const named = system.match(/^You are ([\w-]+),/);
  if (named) return named[1];
  return /^You are the judge\b/.test(system) ? 'judge' : '';
}

/** The values the round-1 answers state, read from a verdict prompt ("panelist-1: The result is 42."). */
function roundOneValues(user) {
  const section = user.split(/\n\s*Round 2/)[0];
  return [...section.matchAll(/^[^\n:]{1,40}: The result is (-?\d+(?:\.\d+)?)\./gm)].map((m) => Number(m[1]));
}

function decide(payload, user, system) {
  const model = payload.model ?? '';
  const question = readQuestion(user);
  if (!parseModel(model) || !question) return null;
  const kind = kindOf(payload, user);
  const counter = `${model}|${question.key}|${kind}`;
  const sample = samples.get(counter) ?? 0;
  samples.set(counter, sample + 1);
  let right;
  let confidence;
  if (kind === 'verdict') {
    const values = roundOneValues(user);
    const rightVotes = values.filter((v) => v === question.answer).length;
    const majorityRight = 2 * rightVotes > values.length;
    right = verdictIsRight(config, model, question.key, majorityRight);
    const unanimous = rightVotes === 0 || rightVotes === values.length;
    // Surer when the panel agreed: the calibration chart then has something to show.
    confidence = Math.round((unanimous ? 80 : 55) + uniform('confidence', model, question.key) * 15);
  } else {
    right = callIsRight(config, model, question.key, kind, sample);
    confidence = Math.round(50 + uniform('confidence', model, question.key, kind, sample) * 45);
  }
  const value = right ? question.answer : slip(question.key, question.answer);
  const agent = (system.match(/\b(panelist-\d+)\b/) ?? [])[1] ?? 'panelist-1';
  const entry = { model, kind, question: question.key, seat: seatOf(system), sample, right, value, delivered: false };
  journal.push(entry);
  return { value, confidence, agent, entry };
}

function replyText(payload, user, decided) {
  const schema = payload.response_format?.json_schema?.schema ?? shapeSchema(user);
  if (schema) return JSON.stringify(fillSchema(schema, decided));
  return `Working through it step by step, multiplication first: the result is ${decided.value}.\n\nFinal answer: ${decided.value}`;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function json(res, status, body) {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function usageOf(prompt, text) {
  const prompt_tokens = Math.ceil(prompt.length / 4);
  const completion_tokens = Math.ceil(text.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function send(res, payload, text, usage) {
  const model = payload.model;
  if (!payload.stream) {
    return json(res, 200, {
      id: 'chatcmpl-bench', object: 'chat.completion', created: 0, model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage,
    });
  }
  const data = (o) => `data: ${JSON.stringify(o)}\n\n`;
  const chunk = (delta, finish_reason = null) => data({
    id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason }],
  });
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }));
  for (const piece of text.match(/.{1,24}/gs) ?? []) res.write(chunk({ content: piece }));
  res.write(chunk({}, 'stop'));
  if (payload.stream_options?.include_usage) {
    res.write(data({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model, choices: [], usage }));
  }
  res.end('data: [DONE]\n\n');
}

function chat(res, payload) {
  const messages = Array.isArray(payload.messages) ? payload.messages : [];
  const textOf = (role) => messages.filter((m) => m.role === role).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n\n');
  const user = textOf('user');
  const system = textOf('system');
  const decided = decide(payload, user, system);
  if (!decided) {
    const known = parseModel(payload.model);
    return json(res, known ? 400 : 404, {
      error: known
        ? { message: 'No question this server can answer was found in the prompt.', type: 'invalid_request_error' }
        : { message: `The model \`${payload.model}\` does not exist (use sim-<accuracy>-<group>).`, type: 'invalid_request_error', code: 'model_not_found' },
    });
  }
  const text = replyText(payload, user, decided);
  // Delivered: the whole reply reached the socket. A request the page dropped first (a reload
  // mid-call) was never answered, so asking it again is no repeat.
  res.on('finish', () => { decided.entry.delivered = true; });
  const reply = () => {
    if (res.destroyed) return;
    send(res, payload, text, usageOf(system + user, text));
  };
  if (latencyMs > 0) setTimeout(reply, latencyMs);
  else reply();
}

http.createServer((req, res) => {
  const url = (req.url ?? '/').split('?')[0];
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CORS, 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*' });
    return res.end();
  }
  if (url === '/__journal') return json(res, 200, journal);
  if (url === '/__config') return json(res, 200, { ...config, latencyMs, models: listed });
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', () => {
    if (req.method === 'POST' && url === '/__reset') {
      journal = [];
      samples = new Map();
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && /\/models$/.test(url)) {
      return json(res, 200, { object: 'list', data: listed.map((id) => ({ id, object: 'model', owned_by: 'bench' })) });
    }
    if (req.method === 'POST' && /\/chat\/completions$/.test(url)) {
      let payload;
      try {
        payload = JSON.parse(raw);
      } catch {
        return json(res, 400, { error: { message: 'The body is not JSON.', type: 'invalid_request_error' } });
      }
      return chat(res, payload);
    }
    json(res, 404, { error: { message: 'no such path' } });
  });
}).listen(port, '127.0.0.1', () => console.log(`bench server on ${port}`));
