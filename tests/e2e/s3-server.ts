// A real S3-compatible server on loopback for sync's specs (beforeAll / afterAll): moto's S3 server
// (PyPI moto[server], installed by scripts/setup.sh into the cache), with a bucket and its CORS rule
// set as a user would set them (PutBucketCors, allowing only the app's origin), behind
// tests/e2e/s3-front.mjs, which checks each request's SigV4 signature as S3 does (moto does not).
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { test } from '@playwright/test';
import { APP_PORT, CACHE } from './servers';

const BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
export const MOTO_PORT = BASE + 90;
export const S3_PORT = BASE + 91;
/** What the app is given as the endpoint: the signature-checking front. */
export const S3_ENDPOINT = `http://127.0.0.1:${S3_PORT}`;
/** moto itself, for the test's own unsigned look at what the bucket holds. */
export const MOTO_URL = `http://127.0.0.1:${MOTO_PORT}`;
export const BUCKET = 'consilium-sync-e2e';
export const KEY_ID = 'AKIACONSILIUME2E0001';
/** A canary: no object in the bucket may contain it. */
export const SECRET = 'e2e-secret-canary-7Yq3w9Zk2Lm5Np8Rt4Vx';

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>http://127.0.0.1:${APP_PORT}</AllowedOrigin>` +
  '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>' +
  '<AllowedHeader>*</AllowedHeader><ExposeHeader>Date</ExposeHeader><ExposeHeader>ETag</ExposeHeader>' +
  '<MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>';

function started(child: ChildProcess, ready: (text: string) => boolean, name: string) {
  return new Promise<void>((resolve, reject) => {
    const seen = (data: Buffer) => { if (ready(data.toString())) resolve(); };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

export function useS3Server() {
  let moto: ChildProcess | undefined;
  let front: ChildProcess | undefined;
  test.beforeAll(async () => {
    moto = spawn(path.join(CACHE, 'moto-venv', 'bin', 'moto_server'), ['-H', '127.0.0.1', '-p', String(MOTO_PORT)], { stdio: ['ignore', 'pipe', 'pipe'] });
    await started(moto, (t) => t.includes('Running on'), 'moto_server');
    front = spawn('node', [path.join(__dirname, 's3-front.mjs'), String(S3_PORT), String(MOTO_PORT), KEY_ID, SECRET], { stdio: ['ignore', 'pipe', 'inherit'] });
    await started(front, (t) => t.includes('s3 front'), 's3 front');
    // Set up as a user would: the bucket, then its CORS rule (moto accepts these unsigned).
    for (const [url, body] of [[`${MOTO_URL}/${BUCKET}`, ''], [`${MOTO_URL}/${BUCKET}?cors`, CORS]]) {
      const reply = await fetch(url, { method: 'PUT', body });
      if (!reply.ok) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
    }
  });
  test.afterAll(() => {
    front?.kill();
    moto?.kill();
  });
}

/** Every object in the bucket, by key, with its bytes (read from moto directly, unsigned). */
export async function bucketObjects(): Promise<Map<string, Buffer>> {
  const list = await (await fetch(`${MOTO_URL}/${BUCKET}?list-type=2`)).text();
  const keys = [...list.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
  const objects = new Map<string, Buffer>();
  for (const key of keys) {
    objects.set(key, Buffer.from(await (await fetch(`${MOTO_URL}/${BUCKET}/${key}`)).arrayBuffer()));
  }
  return objects;
}

/** The requests the front passed on to moto (signed right), in order. */
export async function s3Journal(): Promise<{ method: string; path: string; status: number; bytesIn: number; bytesOut: number }[]> {
  return (await fetch(`${S3_ENDPOINT}/__journal`)).json();
}
