import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** With `E2E_CPU_THROTTLE=6` (a slow phone, see tests/e2e/fixtures.ts) every step takes longer. */
const SLOW = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1) > 1 ? 3 : 1;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".cache/test-results/e2e",
  timeout: 90_000 * SLOW,
  expect: { timeout: 10_000 * SLOW },
  workers: 1,
  forbidOnly: !!process.env.CI,
  use: {
    ...devices["Pixel 7"],
    browserName: "chromium",
    baseURL: BASE_URL,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node tests/e2e/serve.ts",
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), PUBLIC_URL: BASE_URL },
  },
});
