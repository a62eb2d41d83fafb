import { BRANDS } from "../catalog/codes.ts";
import type { Defect } from "../catalog/device-facts.ts";
import { codeMap } from "../shared/codes.ts";

/*
 * What a self-check is made of, and the plain readings of a result: no server code here, so the
 * check page in the device's browser uses the same lists and the same rules as the report.
 */

/** The tests of the self-check, in the order the check page runs them. */
export const CHECK_TESTS = [
  "touch",
  "multiTouch",
  "display",
  "frontCamera",
  "backCamera",
  "microphone",
  "speaker",
  "earpiece",
  "motion",
  "orientation",
  "vibration",
  "battery",
  "network",
] as const;
export type CheckTest = (typeof CHECK_TESTS)[number];

/** What a test found: it worked, it did not, the member skipped it, or the browser cannot run it. */
export const CHECK_OUTCOMES = ["pass", "fail", "skipped", "unsupported"] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** What the member saw on the solid colours of the display test. */
export const DISPLAY_DEFECTS = ["dead_pixels", "burn_in", "discoloration", "lines"] as const;

/**
 * What no browser can test, said on every report so it never claims more than it checked: Face ID
 * and fingerprint, the SIM slot, the charging port beyond "charging or not", water damage.
 */
export const NOT_TESTABLE = ["biometrics", "sim_slot", "charging_port", "water_damage"] as const;

/** The parts of a result the readings below look at. */
type Readable = {
  tests: Record<CheckTest, CheckOutcome>;
  displayDefects: readonly (typeof DISPLAY_DEFECTS)[number][];
  device: { platform: string | null; model: string | null; userAgent: string };
  claimed: { brandCode: string | null; model: string | null };
};

/**
 * Whether what the browser says about the device contradicts the model the member claims: an
 * Apple device claimed on a browser that is not on iOS or iPadOS, another brand's on one that is,
 * or a model the browser names that is not the one claimed. Shown on the report, never hidden.
 */
export function claimMismatch(result: Pick<Readable, "device" | "claimed">): boolean {
  const { brandCode, model } = result.claimed;
  const agent = `${result.device.platform ?? ""} ${result.device.userAgent}`;
  const apple = /iPhone|iPad|iPod|iOS/i.test(agent) || /Macintosh/.test(agent);
  if (brandCode && (brandCode === codeMap(BRANDS).APPLE) !== apple) return true;
  const named = result.device.model?.trim();
  if (named && model) {
    const simple = (s: string) => s.toLowerCase().replace(/[\s_-]/g, "");
    if (!simple(model).includes(simple(named)) && !simple(named).includes(simple(model))) return true;
  }
  return false;
}

/** The tests by what they found. */
export function countOutcomes(result: Pick<Readable, "tests">): Record<CheckOutcome, number> {
  const counts = { pass: 0, fail: 0, skipped: 0, unsupported: 0 };
  for (const test of CHECK_TESTS) counts[result.tests[test]] += 1;
  return counts;
}

/** The listing's defect each failed test points to (tests of sensors and the network point to none). */
const DEFECT_OF_TEST: Partial<Record<CheckTest, Defect>> = {
  touch: "touch_faulty",
  multiTouch: "touch_faulty",
  display: "display_faulty",
  frontCamera: "camera_faulty",
  backCamera: "camera_faulty",
  microphone: "audio_faulty",
  speaker: "audio_faulty",
  earpiece: "audio_faulty",
};

/**
 * The defects a check proposes for the listing's checklist: those of the tests that failed, and a
 * faulty display when the member marked anything on the solid colours. The seller confirms them.
 */
export function proposedDefects(result: Pick<Readable, "tests" | "displayDefects">): Defect[] {
  const found = new Set<Defect>();
  for (const test of CHECK_TESTS) {
    const defect = DEFECT_OF_TEST[test];
    if (defect && result.tests[test] === "fail") found.add(defect);
  }
  if (result.displayDefects.length > 0) found.add("display_faulty");
  return [...found];
}
