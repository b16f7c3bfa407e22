// A loopback stand-in for OpenRouter's sign-in and key endpoints, with just enough of its API for
// a provider check and a priced model list. The app's OpenRouter provider points its base URL at
// http://127.0.0.1:<port>/api/v1, so its "auth page" is http://127.0.0.1:<port>/auth.
//   GET  /auth?callback_url&code_challenge&code_challenge_method=S256&key_label -> 302 to callback_url?code=<code>
//        (the key it issues carries key_label as its label, as OpenRouter's does; KEY_LABEL without one)
//        (mode "cancel": back to callback_url with no code)
//   POST /api/v1/auth/keys {code, code_verifier, code_challenge_method} -> {key, user_id}, or 403 when
//        the verifier's S256 does not match the code's challenge (or the code is unknown or used)
//   GET  /api/v1/key (Bearer <issued key>) -> {data: {label, limit, limit_remaining, usage}}
//   GET  /api/v1/models, POST /api/v1/chat/completions: one priced model answering "OK"
//   POST /__config {limit, remaining, mode}; GET /__journal: what was asked (never a key's text)
// Usage: node openrouter-mock.mjs <port>
import crypto from 'node:crypto';
import http from 'node:http';
import { cors, readBody, send } from './openrouter-http.mjs';

const port = Number(process.argv[2] ?? 18085);
export const KEY_LABEL = 'Consilium e2e';
const codes = new Map(); // code -> {challenge, label}
const issued = new Map(); // key -> label
const journal = [];
let config = { limit: 5, remaining: 4.9, mode: 'allow' };

const s256 = (verifier) => crypto.createHash('sha256').update(verifier).digest('base64url');
function bearer(req) {
  return (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
}

http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  if (req.method === 'OPTIONS') { res.writeHead(204, cors); return res.end(); }
  const body = req.method === 'POST' ? await readBody(req) : '';
  journal.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
  if (url.pathname === '/__journal') return send(res, 200, journal);
  if (url.pathname === '/__config') { config = { ...config, ...JSON.parse(body || '{}') }; return send(res, 200, config); }
  if (url.pathname === '/auth') {
    const back = url.searchParams.get('callback_url');
    if (config.mode === 'cancel') { res.writeHead(302, { Location: back }); return res.end(); }
    const code = crypto.randomBytes(12).toString('hex');
    codes.set(code, { challenge: url.searchParams.get('code_challenge'), label: url.searchParams.get('key_label') || KEY_LABEL });
    res.writeHead(302, { Location: `${back}${back.includes('?') ? '&' : '?'}code=${code}` });
    return res.end();
  }
  if (url.pathname === '/api/v1/auth/keys' && req.method === 'POST') {
    const { code, code_verifier: verifier, code_challenge_method: method } = JSON.parse(body || '{}');
    const { challenge, label } = codes.get(code) ?? {};
    codes.delete(code);
    if (config.mode === 'refuse' || !challenge || method !== 'S256' || s256(verifier ?? '') !== challenge) {
      return send(res, 403, { error: { code: 403, message: 'Invalid code or code_verifier' } });
    }
    const key = `sk-or-v1-mock-${crypto.randomBytes(16).toString('hex')}`;
    issued.set(key, label);
    return send(res, 200, { key, user_id: 'user_mock' });
  }
  if (url.pathname.startsWith('/api/v1/') && !issued.has(bearer(req))) {
    return send(res, 401, { error: { code: 401, message: 'No auth credentials found' } });
  }
  if (url.pathname === '/api/v1/key') {
    return send(res, 200, { data: {
      label: issued.get(bearer(req)), limit: config.limit, limit_remaining: config.remaining,
      usage: config.limit - config.remaining, is_free_tier: false,
    } });
  }
  if (url.pathname === '/api/v1/models') {
    return send(res, 200, { data: [{ id: 'mock/priced', name: 'Mock priced', pricing: { prompt: '0.00001', completion: '0.00003' } }] });
  }
  if (url.pathname === '/api/v1/chat/completions') {
    return send(res, 200, {
      id: 'c', object: 'chat.completion', model: 'mock/priced',
      choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 1 },
    });
  }
  send(res, 404, { error: { code: 404, message: `no ${url.pathname}` } });
}).listen(port, '127.0.0.1', () => console.log(`openrouter mock on ${port}`));
