import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's full Chromium (`apt-get install chromium`). */
export const FULL_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium the journeys drive: `CHROMIUM_PATH` when set, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`: the same Blink without the browser's window and
 * process model, about a fifth less work per journey), else the full browser.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", FULL_CHROMIUM].find((file) => existsSync(file)) ??
  FULL_CHROMIUM;

/** How the journeys start Chromium (`executablePath` another build of it, such as the full browser). */
export function chromiumLaunch(executablePath = CHROMIUM): LaunchOptions {
  return {
    executablePath,
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
  };
}
