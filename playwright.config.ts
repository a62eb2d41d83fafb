import { defineConfig, devices } from "@playwright/test";

import { chromiumLaunch } from "./tests/e2e/browser.ts";
import { E2E_WORKERS, serverUrl } from "./tests/e2e/servers.ts";

/** With `E2E_CPU_THROTTLE=6` (a slow phone, see tests/e2e/fixtures.ts) every step takes longer. */
const SLOW = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1) > 1 ? 3 : 1;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".cache/test-results/e2e",
  // Two journeys share the cores (one per worker), so each gets twice the time one alone needed.
  timeout: 180_000 * SLOW,
  expect: { timeout: 15_000 * SLOW },
  // Each worker has a server and database of its own (tests/e2e/servers.ts): journeys sign the same
  // demo accounts in and change their data, so two of them never share one.
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  // In CI a journey that fails is tried once more, and `npm test` names it either way ("passed on
  // retry" or "FAILED"): both layers share two cores there, and a step that waits on a busy server
  // is the usual cause. A journey that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  use: {
    ...devices["Pixel 7"],
    // The phone's size, touch and user agent, drawn at one device pixel per CSS pixel: what the
    // journeys check does not depend on sharpness, and drawing 2.6 × 2.6 as many pixels was more
    // than half of the browser layer's time.
    deviceScaleFactor: 1,
    browserName: "chromium",
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // A failed journey keeps its trace (each step's DOM, the network, the console), without the
    // screencast: filming every journey was a fifth of the browser layer's work. In the whole suite
    // (`npm test`, E2E_WHOLE_SUITE) the trace is taken when a journey is tried again after failing
    // (in CI, every failure is): taking every passing journey's DOM at each step was a fifth of the
    // browser's work again (bench/results/test-suite.md, run 35). Run alone, a journey keeps it.
    trace: {
      mode: process.env.E2E_WHOLE_SUITE === "1" ? "on-first-retry" : "retain-on-failure",
      screenshots: false,
      snapshots: true,
    },
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunch(),
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: "node tests/e2e/serve.ts",
    url: `${serverUrl(index)}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(new URL(serverUrl(index)).port), PUBLIC_URL: serverUrl(index) },
  })),
});
