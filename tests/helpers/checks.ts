import type { CheckResult } from "#core/checks/report.ts";
import { CHECK_TESTS } from "#core/checks/tests.ts";

export const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

/**
 * A self-check finished five minutes before `now` on an iPhone 13, as its browser sends it: the back
 * camera failed, the earpiece and vibration are not supported, burn-in was seen on the display.
 */
export function finishedCheck(now: Date, o: Partial<CheckResult> = {}): CheckResult {
  const tests = Object.fromEntries(CHECK_TESTS.map((test) => [test, "pass"])) as CheckResult["tests"];
  return {
    tests: { ...tests, earpiece: "unsupported", vibration: "unsupported", backCamera: "fail" },
    displayDefects: ["burn_in"],
    battery: { level: 0.82, charging: false },
    network: { online: true, type: "wifi" },
    device: {
      platform: "iPhone",
      model: null,
      mobile: true,
      userAgent: IPHONE_UA,
      screen: { width: 390, height: 844, pixelRatio: 3 },
    },
    claimed: { brandCode: "00001", model: "iPhone 13" },
    startedAt: new Date(now.getTime() - 5 * 60_000).toISOString(),
    deviceKeys: { started: "device-key-one", finished: "device-key-one" },
    otherDeviceConfirmed: false,
    ...o,
  };
}
