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
/**
 * How long a real-model test and each of its steps may take. The model shares two cores with Chromium
 * and whatever else runs, so its speed varies several-fold: the tests ask for few tokens and few
 * calls, and each step may wait as long as the whole test rather than a tight guess of its own.
 */
export const MODEL_TEST_MS = 10 * 60_000;
/** Output limit for tests about the wire or the screen rather than the answer: a few dozen tokens stream in several steps. */
export const FEW_TOKENS = '64';
