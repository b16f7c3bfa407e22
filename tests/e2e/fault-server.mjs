// A scripted fault server that speaks every wire format Consilium uses (OpenAI Chat Completions at
// /v1 and /api/v1, Anthropic Messages at /v1/messages, Gemini at /v1beta/models/<m>:...), on loopback.
// The model name picks the fault: `fault-<name>-<nonce>`, the nonce keeping each test's counters apart.
//   auth, unknown-model, quirk (a 400 naming a parameter it refuses), 429-then-ok, 500-then-ok, 503-always, disconnect, no-end-marker, garbage, web-page, jinja,
//   prose (a model that answers every request in plain prose, never JSON, as many small local models do),
//   markdown (the same in Markdown: bold, a table, a code block whose indentation matters, a link)
// "then-ok" faults fail the first FIRST_FAILURES requests of a model (one per panelist), then answer.
// GET /__journal lists every request (method, url, model, whether a key header came).
// Usage: node fault-server.mjs <port>
import http from 'node:http';

const port = Number(process.argv[2] ?? 18083);
const FIRST_FAILURES = 2;
const counts = new Map();
const journal = [];

const ANSWER = JSON.stringify({
  position: 'Adopt it for the new service only',
  key_points: ['Memory safety removes a class of incidents', 'The team already knows it'],
  rationale: 'The gain is real and the risk is contained.',
  confidence: 72,
});
const PROSE = 'I would adopt Rust for the new service only, because memory safety removes a whole class of ' +
  'incidents and the team already knows the language well enough to keep the risk contained.';
const MARKDOWN = '**Adopt Rust** for the new service only: memory safety removes a whole class of incidents.\n\n' +
  '| option | risk |\n|---|---|\n| Rust | low |\n| C++ | high |\n\n' +
  '```rust\nfn main() {\n    if ready() {\n        ship();\n    }\n}\n```\n\n' +
  'See [the book](https://doc.rust-lang.org/book/) for the details.';
const pieces = (text) => text.match(/.{1,16}/gs);

function formatOf(url) {
  if (url.startsWith('/v1beta/')) return 'gemini';
  if (url.startsWith('/v1/messages')) return 'anthropic';
  return 'openai';
}

/** The SSE events of a streamed reply, and the terminal ones kept apart so a fault can drop them. */
function streamEvents(format, model, text = ANSWER) {
  const data = (o) => `data: ${JSON.stringify(o)}\n\n`;
  if (format === 'anthropic') {
    const ev = (type, o) => `event: ${type}\ndata: ${JSON.stringify({ type, ...o })}\n\n`;
    return {
      body: [
        ev('message_start', { message: { id: 'msg_f', type: 'message', role: 'assistant', model, content: [], usage: { input_tokens: 30, output_tokens: 1 } } }),
        ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        ...pieces(text).map((piece) => ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })),
        ev('content_block_stop', { index: 0 }),
      ],
      end: [
        ev('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 40 } }),
        ev('message_stop', {}),
      ],
    };
  }
  if (format === 'gemini') {
    const chunk = (piece, finishReason) => data({
      candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, ...(finishReason ? { finishReason } : {}) }],
      ...(finishReason ? { usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 40 } } : {}),
      modelVersion: model,
    });
    const all = pieces(text);
    return { body: all.slice(0, -1).map((t) => chunk(t)), end: [chunk(all[all.length - 1], 'STOP')] };
  }
  const chunk = (delta, finish_reason = null) => data({
    id: 'c', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason }],
  });
  return {
    body: [chunk({ role: 'assistant', content: '' }), ...pieces(text).map((content) => chunk({ content }))],
    end: [chunk({}, 'stop'), 'data: [DONE]\n\n'],
  };
}

// `*` does not cover Authorization in a preflight, so the asked-for headers are echoed instead.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
};

function json(res, status, body, headers = {}) {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(format, status, message, type) {
  if (format === 'anthropic') return { type: 'error', error: { type, message } };
  if (format === 'gemini') return { error: { code: status, message, status: type.toUpperCase() } };
  return { error: { message, type, code: type } };
}

async function answer(res, format, model, fault) {
  const { body, end } = streamEvents(format, model, fault === 'prose' ? PROSE : fault === 'markdown' ? MARKDOWN : ANSWER);
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const half = Math.ceil(body.length / 2);
  for (const [i, event] of body.entries()) {
    if (fault === 'disconnect' && i === half) {
      // Wait so the browser has read the first half, then drop the connection mid-stream.
      await new Promise((r) => setTimeout(r, 50));
      res.socket.destroy();
      return;
    }
    res.write(event);
  }
  if (fault !== 'no-end-marker') end.forEach((event) => res.write(event));
  res.end();
}

async function chat(req, res, url, payload) {
  const format = formatOf(url);
  const model = format === 'gemini' ? decodeURIComponent(url.split('/models/')[1].split(':')[0]) : payload.model ?? '';
  const fault = (model.match(/^fault-(.+)-[a-z0-9]+$/) ?? [])[1] ?? 'none';
  const seen = (counts.get(model) ?? 0) + 1;
  counts.set(model, seen);
  const early = seen <= FIRST_FAILURES;
  switch (fault) {
    case 'auth':
      return json(res, 401, errorBody(format, 401, 'Invalid API key provided.', 'authentication_error'));
    case 'unknown-model':
      return json(res, 404, errorBody(format, 404, `The model \`${model}\` does not exist.`, 'not_found_error'));
    case '429-then-ok':
      if (early) return json(res, 429, errorBody(format, 429, 'Rate limit reached.', 'rate_limit_error'), { 'retry-after': '0' });
      break;
    case '500-then-ok':
      if (early) return json(res, 500, errorBody(format, 500, 'Internal error.', 'api_error'));
      break;
    case '503-always':
      return json(res, 503, errorBody(format, 503, 'The service is overloaded.', 'overloaded_error'));
    case 'jinja':
      if (payload.response_format || payload.tools || payload.generationConfig?.responseJsonSchema || payload.output_config) {
        return json(res, 500, { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } });
      }
      break;
    case 'quirk':
      // A working server that refuses one parameter others take (OpenAI's reasoning models say this).
      return json(res, 400, errorBody(format, 400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'invalid_request_error'));
    case 'garbage':
      res.writeHead(200, { ...CORS, 'content-type': 'text/plain' });
      return res.end('%%% 0xDEADBEEF this is no API reply %%%\n');
    case 'web-page':
      res.writeHead(200, { ...CORS, 'content-type': 'text/html' });
      return res.end('<!DOCTYPE html><html><head><title>Hotel WiFi - Sign in</title></head><body><script>1</script>Accept the terms</body></html>');
  }
  return answer(res, format, model, fault);
}

http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CORS, 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*' });
    return res.end();
  }
  if (url === '/__journal') return json(res, 200, journal);
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', () => {
    let payload = {};
    try { payload = raw ? JSON.parse(raw) : {}; } catch { payload = {}; }
    const keyHeader = ['authorization', 'x-api-key', 'x-goog-api-key'].find((h) => req.headers[h]);
    journal.push({ method: req.method, url, model: payload.model ?? null, keyHeader: keyHeader ?? null });
    if (req.method === 'GET' && url.includes('/models')) {
      return json(res, 200, { object: 'list', data: [{ id: 'fault-none-x' }], models: [] });
    }
    if (req.method === 'POST') return chat(req, res, url, payload).catch(() => res.destroy());
    json(res, 404, { error: { message: 'no such path' } });
  });
}).listen(port, '127.0.0.1', () => console.log(`fault server on ${port}`));
