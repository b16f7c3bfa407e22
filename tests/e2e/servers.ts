// Loopback ports and paths shared by the Playwright config and the specs.
import * as os from 'os';
import * as path from 'path';

export const APP_PORT = 18765;
export const LLAMA_PORT = 18080;
export const MOCK_PORT = 18081;
export const APP_URL = `http://127.0.0.1:${APP_PORT}/`;
export const LLAMA_URL = `http://127.0.0.1:${LLAMA_PORT}/v1`;
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;
export const LLAMA_MODEL = 'gemma-3-270m';
export const CACHE = process.env.CONSILIUM_CACHE ?? path.join(os.homedir(), '.cache', 'consilium');
/** llama-server requires this key, so a wrong one gives a real 401. */
export const LLAMA_KEY = 'sk-consilium-e2e-4242';
