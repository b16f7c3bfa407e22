// A SigV4 check in front of moto's S3 server, on loopback: moto (server mode) serves the S3 API and
// the bucket's CORS, but does not check presigned signatures, so every request but a CORS preflight
// is checked here first, as S3 checks it, with node's own crypto (an implementation independent of
// the app's rusty-s3): the algorithm, a known key id, the signature over the canonical request
// (query-string auth, signed header `host`, UNSIGNED-PAYLOAD), the expiry, and the clock (S3 refuses
// a request time more than 15 minutes off). A refused request gets S3's XML error (with the CORS
// header, as S3 sends it when the rule matches), the rest goes to moto as it came.
// GET /__journal lists the requests passed on (method, path, bytes in and out).
// Usage: node s3-front.mjs <port> <moto port> <key id> <secret>
import http from 'node:http';
import crypto from 'node:crypto';

const [port, motoPort, keyId, secret] = process.argv.slice(2);
const journal = [];

const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
// SigV4's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX.
const encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

function refuse(res, origin, status, code, message) {
  const headers = { 'content-type': 'application/xml' };
  if (origin) headers['access-control-allow-origin'] = origin;
  res.writeHead(status, headers);
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

function amzTime(text) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/** Null when the request is signed right, else [status, code, message]. */
function check(req, url) {
  const q = url.searchParams;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return [403, 'AccessDenied', 'Only SigV4 presigned requests are accepted'];
  const [credKey, date, region, service, terminal] = (q.get('X-Amz-Credential') ?? '').split('/');
  if (credKey !== keyId) return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
  const at = amzTime(q.get('X-Amz-Date'));
  if (Number.isNaN(at)) return [403, 'AccessDenied', 'X-Amz-Date is missing or malformed'];
  if (Math.abs(Date.now() - at) > 15 * 60_000 && Date.now() < at) return [403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.'];
  if (Date.now() > at + Number(q.get('X-Amz-Expires') ?? 0) * 1000) return [403, 'AccessDenied', 'Request has expired'];
  const query = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [req.method, url.pathname, query, `host:${req.headers.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/${terminal}`;
  const toSign = ['AWS4-HMAC-SHA256', q.get('X-Amz-Date'), scope, sha256(canonical)].join('\n');
  let key = hmac('AWS4' + secret, date);
  for (const part of [region, service, terminal]) key = hmac(key, part);
  const expected = hmac(key, toSign).toString('hex');
  const given = q.get('X-Amz-Signature') ?? '';
  if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
  }
  return null;
}

http.createServer((req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  if (url.pathname === '/__journal') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(journal));
    return;
  }
  const body = [];
  req.on('data', (chunk) => body.push(chunk));
  req.on('end', () => {
    const origin = req.headers.origin;
    if (req.method !== 'OPTIONS') {
      const refused = check(req, url);
      if (refused) return refuse(res, origin, ...refused);
    }
    const bytesIn = Buffer.concat(body);
    const headers = { ...req.headers, host: `127.0.0.1:${motoPort}` };
    const forward = http.request({ host: '127.0.0.1', port: motoPort, method: req.method, path: url.pathname + url.search, headers }, (reply) => {
      const out = [];
      reply.on('data', (chunk) => out.push(chunk));
      reply.on('end', () => {
        const bytesOut = Buffer.concat(out);
        if (req.method !== 'OPTIONS') journal.push({ method: req.method, path: url.pathname, status: reply.statusCode, bytesIn: bytesIn.length, bytesOut: bytesOut.length });
        res.writeHead(reply.statusCode, reply.headers);
        res.end(bytesOut);
      });
    });
    forward.on('error', (e) => refuse(res, origin, 502, 'BadGateway', String(e)));
    forward.end(bytesIn);
  });
}).listen(Number(port), '127.0.0.1', () => console.log(`s3 front on ${port} -> moto ${motoPort}`));
