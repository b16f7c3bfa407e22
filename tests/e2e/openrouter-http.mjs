// What the tests' OpenRouter-shaped servers (openrouter-mock.mjs, search-server.mjs) answer with:
// OpenRouter's CORS (the key, JSON, and the app's name), a JSON reply, and a request's body.
export const cors = {
  'Access-Control-Allow-Origin': '*',
  // What OpenRouter's API allows: the key, JSON, and the app's name (X-Title).
  'Access-Control-Allow-Headers': 'authorization, content-type, x-title, http-referer',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...cors });
  res.end(JSON.stringify(body));
}

export function readBody(req) {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => resolve(text));
  });
}
