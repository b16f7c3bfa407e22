// Loopback ports and paths shared by the Playwright config and the specs.
import * as os from 'os';
import * as path from 'path';

// E2E_PORT_BASE lets two runs share a machine without fighting over ports.
const BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
export const APP_PORT = BASE + 765;
export const LLAMA_PORT = BASE + 80;
export const MOCK_PORT = BASE + 81;
export const APP_URL = `http://127.0.0.1:${APP_PORT}/`;
export const LLAMA_URL = `http://127.0.0.1:${LLAMA_PORT}/v1`;
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;
export const LLAMA_MODEL = 'gemma-3-270m';
export const CACHE = process.env.CONSILIUM_CACHE ?? path.join(os.homedir(), '.cache', 'consilium');
/** llama-server requires this key, so a wrong one gives a real 401. */
export const LLAMA_KEY = 'sk-consilium-e2e-4242';
