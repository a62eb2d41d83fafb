/**
 * The browser journeys' servers: one per Playwright worker, on consecutive ports from `E2E_PORT`
 * (3107 by default), each with a database of its own. `E2E_WORKERS` sets how many (2 by default).
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3107);

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/** The address of worker `index`'s server (Playwright's `parallelIndex`). */
export function serverUrl(index: number, host = "127.0.0.1"): string {
  return `http://${host}:${BASE_PORT + (index % E2E_WORKERS)}`;
}
