// A scripted council that searches the web, on loopback, in OpenRouter's shape: the
// replies of aimock's consult fixtures (fixtures/aimock/consult.json), and for a request with the
// `web` plugin the `annotations` of type `url_citation` its search would bring, whole
// (`message.annotations`) or streamed (`delta.annotations`), as the app asks.
//   /api/v1/...   an OpenRouter (kind open_router): models with prices, the key, chat completions
//   /local/v1/... an OpenAI-compatible server with no search of its own (a local seat)
//   GET /__journal: each chat request's path, model, stream flag and plugins (never a key)
// A Benchmark's arithmetic question to a `bench-*` model is answered right, and cited FOUND when
// searching (benchmark-search.spec.ts).
// Panelist 2's round-1 answer and the judge's last evidence entry name a page no search returned
// (INVENTED): the app must mark it
// "not from this search". No usage cost is reported, so the app charges the search fee itself.
// Usage: node search-server.mjs <port>
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cors, readBody, send } from './openrouter-http.mjs';
import { readQuestion } from './bench/questions.mjs';
import { fillSchema, shapeSchema } from './bench/schema-fill.mjs';

const port = Number(process.argv[2] ?? 18086);
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = JSON.parse(fs.readFileSync(path.join(here, 'fixtures', 'aimock', 'consult.json'), 'utf8')).fixtures;

export const FOUND = {
  url: 'https://martinfowler.com/bliki/StranglerFigApplication.html',
  title: 'Strangler Fig Application',
  content: 'gradually create a new system around the edges of the old, letting it grow slowly',
};
export const ALSO_FOUND = {
  url: 'https://docs.example.com/billing/invoicing-boundaries',
  title: 'Invoicing <boundaries> in billing systems',
  content: 'Invoicing has the clearest boundary of the billing modules.',
};
export const INVENTED = 'https://invented.example.net/strangler-study';

// Which pages each searching model's search cites, by round (its user message).
const SEARCHES = {
  'council-alpha': { 'Answer on your own': [FOUND, ALSO_FOUND], 'Cross-examine it.': [] },
  'council-beta': { 'Answer on your own': [FOUND], 'Cross-examine it.': [FOUND] },
};

const journal = [];
const textOf = (message) => (typeof message.content === 'string'
  ? message.content
  : (message.content ?? []).map((part) => part.text ?? '').join('\n'));

/** The fixture answering this request, as aimock matches it: model, system and user message. */
function fixtureFor(body) {
  const system = body.messages.filter((m) => m.role === 'system').map(textOf).join('\n');
  const user = body.messages.filter((m) => m.role === 'user').map(textOf).join('\n');
  return fixtures.find(({ match }) => match.model === body.model
    && (!match.systemMessage || system.includes(match.systemMessage))
    && (!match.userMessage || user.includes(match.userMessage)));
}

/** The reply's text, and the pages its search cites (none without the `web` plugin). */
function answer(body) {
  const fixture = fixtureFor(body);
  if (!fixture) return benchmarkAnswer(body) ?? { text: 'OK', pages: [] };
  let content = structuredClone(fixture.response.content);
  const round = fixture.match.userMessage;
  // Panelist 2 names a study no search returned.
  if (body.model === 'council-beta' && round === 'Answer on your own' && content.key_points) {
    content.key_points[0] += ` (a 2025 study: ${INVENTED})`;
  }
  // The judge rests one evidence entry on that study alone: the decision card must strike it.
  if (body.model === 'council-judge' && round === 'Now decide.' && content.evidence) {
    content.evidence.push(`A 2025 study found the hosting cost halves (${INVENTED})`);
  }
  const searching = (body.plugins ?? []).some((p) => p.id === 'web');
  const pages = searching ? (SEARCHES[body.model]?.[round] ?? []) : [];
  return { text: typeof content === 'string' ? content : JSON.stringify(content), pages };
}

/** A Benchmark's question (the `bench-*` models, benchmark-search.spec.ts): always the right
 * answer, filling the request's schema (or the prose prompt's shape) as bench-server.mjs does; a
 * call with the `web` plugin cites FOUND, so each searching call has a search on its record. */
function benchmarkAnswer(body) {
  if (!String(body.model).startsWith('bench-')) return null;
  const system = body.messages.filter((m) => m.role === 'system').map(textOf).join('\n');
  const user = body.messages.filter((m) => m.role === 'user').map(textOf).join('\n');
  const question = readQuestion(user);
  if (!question) return null;
  const agent = (system.match(/\b(panelist-\d+)\b/) ?? [])[1] ?? 'panelist-1';
  const schema = body.response_format?.json_schema?.schema ?? shapeSchema(user);
  const reply = { value: question.answer, confidence: 80, agent };
  const text = schema ? JSON.stringify(fillSchema(schema, reply)) : `Final answer: ${question.answer}`;
  const searching = (body.plugins ?? []).some((p) => p.id === 'web');
  return { text, pages: searching ? [FOUND] : [] };
}

const annotation = (page) => ({
  type: 'url_citation',
  url_citation: { url: page.url, title: page.title, content: page.content, start_index: 0, end_index: 10 },
});

function reply(res, body) {
  const { text, pages } = answer(body);
  const usage = { prompt_tokens: 400, completion_tokens: 120, total_tokens: 520 };
  if (!body.stream) {
    const message = { role: 'assistant', content: text };
    if (pages.length) message.annotations = pages.map(annotation);
    return send(res, 200, {
      id: 'search-1', object: 'chat.completion', model: body.model,
      choices: [{ index: 0, message, finish_reason: 'stop' }], usage,
    });
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...cors });
  const chunk = (choice, extra = {}) => res.write(`data: ${JSON.stringify({
    id: 'search-1', object: 'chat.completion.chunk', model: body.model, choices: choice ? [choice] : [], ...extra,
  })}\n\n`);
  for (let at = 0; at < text.length; at += 80) {
    chunk({ index: 0, delta: { content: text.slice(at, at + 80) } });
  }
  // OpenRouter sends the citations in a delta of their own at the end of the text.
  if (pages.length) chunk({ index: 0, delta: { annotations: pages.map(annotation) } });
  chunk({ index: 0, delta: {}, finish_reason: 'stop' });
  chunk(null, { usage });
  res.end('data: [DONE]\n\n');
}

const MODELS = {
  api: ['council-alpha', 'council-beta', 'bench-alpha', 'bench-beta'],
  local: ['council-gamma', 'council-judge', 'bench-gamma', 'bench-judge'],
};

http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  if (req.method === 'OPTIONS') { res.writeHead(204, cors); return res.end(); }
  if (url.pathname === '/__journal') return send(res, 200, journal);
  const [, where] = url.pathname.split('/');
  if (!MODELS[where]) return send(res, 404, { error: { code: 404, message: `no ${url.pathname}` } });
  const rest = url.pathname.replace(/^\/[a-z]+\/v1/, '');
  if (rest === '/models') {
    return send(res, 200, { data: MODELS[where].map((id) => ({ id, name: id, context_length: 32768 })) });
  }
  if (rest === '/key') {
    return send(res, 200, { data: { label: 'search e2e', limit: null, limit_remaining: null, usage: 0 } });
  }
  if (rest === '/chat/completions' && req.method === 'POST') {
    const body = JSON.parse((await readBody(req)) || '{}');
    journal.push({ path: url.pathname, model: body.model, stream: !!body.stream, plugins: body.plugins ?? null });
    return reply(res, body);
  }
  send(res, 404, { error: { code: 404, message: `no ${url.pathname}` } });
}).listen(port, '127.0.0.1', () => console.log(`search server on ${port}`));
