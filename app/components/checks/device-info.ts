import type { CheckResult } from "#core/checks/report.ts";

type HighEntropy = { model?: string; platform?: string; platformVersion?: string };
type UserAgentData = {
  mobile?: boolean;
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<HighEntropy>;
};

const line = (text: string | undefined | null, max: number) =>
  text ? text.trim().slice(0, max) || null : null;

/**
 * What the browser says about the device it runs on: the platform, the model where the browser's
 * user-agent hints name one (Chrome on Android), phone or not, the screen and the user agent.
 */
export async function readDevice(): Promise<CheckResult["device"]> {
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const hints = await data
    ?.getHighEntropyValues?.(["model", "platform", "platformVersion"])
    .catch(() => undefined);
  const platform = hints?.platform
    ? `${hints.platform}${hints.platformVersion ? ` ${hints.platformVersion}` : ""}`
    : (data?.platform ?? navigator.platform);
  return {
    platform: line(platform, 100),
    model: line(hints?.model, 100),
    mobile: data?.mobile ?? (/Mobi|iPhone|Android/i.test(navigator.userAgent) || null),
    userAgent: navigator.userAgent.slice(0, 500),
    screen: {
      width: Math.max(1, Math.min(20_000, Math.round(screen.width))),
      height: Math.max(1, Math.min(20_000, Math.round(screen.height))),
      pixelRatio: Math.max(0.25, Math.min(10, window.devicePixelRatio || 1)),
    },
  };
}

const DEVICE_KEY = "tsugu.check.device";

/** 24 random hex digits (randomUUID needs a secure page; this does not). */
const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

/** This browser's key for checks: the same on every check made here, so a check moved elsewhere shows. */
export function deviceKey(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made = randomKey();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return randomKey();
  }
}
