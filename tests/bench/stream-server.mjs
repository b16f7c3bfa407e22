#!/usr/bin/env node
// A streaming OpenAI-compatible server for the rendering benchmark: the model name says how many
// tokens each reply streams (`stream-10000`), one SSE event per token, at a fixed rate per stream.
// Each reply is a valid round-1 answer whose rationale holds the tokens, so a Consult "independent
// answers only" run accepts it. Plain Node, loopback only, CORS `*`.
//   GET  /health, GET /v1/models
//   GET  /__bench/stats      tokens streamed so far; POST /__bench/reset zeroes them
// Usage: node tests/bench/stream-server.mjs [--port 18884] [--rate 2000]  (tokens per second per stream)
import http from 'node:http';

function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}
const HOST = '127.0.0.1';
const PORT = Number(argument('port') ?? 18884);
const RATE = Number(argument('rate') ?? 2000);
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, content-type, x-title',
};
let stats = { tokens: 0, calls: 0 };

function event(res, content, extra = {}) {
  res.write(`data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: null }], ...extra })}\n\n`);
}

async function stream(res, tokens) {
  res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  event(res, '{"position": "Adopt it in stages.", "key_points": ["Staged adoption limits risk", "Each stage informs the next"], "rationale": "');
  const perTick = Math.max(1, Math.round(RATE / 100)); // 10 ms ticks
  for (let sent = 0; sent < tokens; sent += perTick) {
    for (let i = sent; i < Math.min(tokens, sent + perTick); i++) event(res, `w${i % 10} `);
    stats.tokens += Math.min(perTick, tokens - sent);
    await new Promise((r) => setTimeout(r, 10));
  }
  event(res, '", "confidence": 70}');
  res.write(`data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 300, completion_tokens: tokens + 40 } })}\n\n`);
  res.end('data: [DONE]\n\n');
}

http.createServer((req, res) => {
  if (req.method === 'OPTIONS') { res.writeHead(204, CORS); return res.end(); }
  if (req.url.endsWith('/health')) { res.writeHead(200, CORS); return res.end('ok'); }
  if (req.url.endsWith('/models')) {
    res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ object: 'list', data: [{ id: 'stream-100', object: 'model' }] }));
  }
  if (req.url.startsWith('/__bench/stats')) { res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }); return res.end(JSON.stringify(stats)); }
  if (req.url.startsWith('/__bench/reset')) { stats = { tokens: 0, calls: 0 }; res.writeHead(204, CORS); return res.end(); }
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const request = JSON.parse(body || '{}');
    const tokens = Number(String(request.model ?? '').replace(/^stream-/, '')) || 100;
    stats.calls += 1;
    if (request.stream) return stream(res, tokens);
    res.writeHead(400, { ...CORS, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'this benchmark server only streams' } }));
  });
}).listen(PORT, HOST, () => console.log(`stream server on http://${HOST}:${PORT} at ${RATE} tokens/s per stream`));
