import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { deviceChecks } from "#db/schema/index.ts";
import { BRANDS } from "../catalog/codes.ts";
import { codeMap, codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";

/** A report speaks for the device for this long after the check; then the member checks again. */
export const REPORT_VALID_DAYS = 30;

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

const ZOutcome = z.enum(CHECK_OUTCOMES);
const ZDeviceKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const ZLine = (max: number) => z.string().max(max).nullable();

/** A finished check as the device's browser sends it. */
export const ZCheckResult = z
  .object({
    tests: z
      .object(
        Object.fromEntries(CHECK_TESTS.map((test) => [test, ZOutcome])) as Record<CheckTest, typeof ZOutcome>,
      )
      .strict(),
    displayDefects: z.array(z.enum(DISPLAY_DEFECTS)).max(DISPLAY_DEFECTS.length),
    battery: z
      .object({ level: z.number().min(0).max(1), charging: z.boolean() })
      .strict()
      .nullable(),
    network: z.object({ online: z.boolean(), type: ZLine(20) }).strict(),
    /** What the browser says about the device it runs on. */
    device: z
      .object({
        platform: ZLine(100),
        /** The model from the browser's user-agent hints (Android Chrome), when it says one. */
        model: ZLine(100),
        mobile: z.boolean().nullable(),
        userAgent: z.string().max(500),
        screen: z
          .object({
            width: z.number().int().min(1).max(20_000),
            height: z.number().int().min(1).max(20_000),
            pixelRatio: z.number().min(0.25).max(10),
          })
          .strict(),
      })
      .strict(),
    /** The device the member says it is. */
    claimed: z.object({ brandCode: z.enum(codesOf(BRANDS)).nullable(), model: ZLine(100) }).strict(),
    startedAt: z.iso.datetime(),
    /** The check page's key of the device it was started on, and of the one it was finished on. */
    deviceKeys: z.object({ started: ZDeviceKey, finished: ZDeviceKey }).strict(),
    /**
     * Started on one device and finished on another: the member confirmed it is one check of one
     * device. Without it, such a check is not kept.
     */
    otherDeviceConfirmed: z.boolean(),
  })
  .strict();
export type CheckResult = z.output<typeof ZCheckResult>;

export type DeviceCheckRow = typeof deviceChecks.$inferSelect;

/** The fields the signature covers, in one order: what a report is. */
export type SignedReport = {
  id: string;
  memberId: number;
  subject: string;
  result: CheckResult;
  checkedAt: string;
  expiresAt: string;
};

/** The same object always gives the same text: keys sorted at every level. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The server's signature over a report: HMAC-SHA256 with a key of its own, from the server secret. */
export function signReport(secret: string, report: SignedReport): string {
  return createHmac("sha256", `device-check:${secret}`).update(canonical(report)).digest("base64url");
}

function hasValidSignature(secret: string, report: SignedReport, signature: string): boolean {
  const expected = Buffer.from(signReport(secret, report));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A stored report as its signature sees it. */
export function signedPart(row: DeviceCheckRow): SignedReport {
  return {
    id: row.publicId,
    memberId: row.memberId,
    subject: row.subject,
    result: row.result as CheckResult,
    checkedAt: row.checkedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Where a report stands: genuine and in date, or why it cannot be relied on. */
export type ReportStanding = "genuine" | "tampered" | "expired";

export function standingOf(ctx: Pick<CoreContext, "secret" | "clock">, row: DeviceCheckRow): ReportStanding {
  if (!hasValidSignature(ctx.secret, signedPart(row), row.signature)) return "tampered";
  return row.expiresAt.getTime() <= ctx.clock.now().getTime() ? "expired" : "genuine";
}

const ID_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz";

/** A short id a person can read out: 10 letters and digits without look-alikes. */
export function newReportId(): string {
  return Array.from({ length: 10 }, () => ID_LETTERS[randomInt(ID_LETTERS.length)]).join("");
}

export const ZReportId = z.string().regex(/^[2-9a-hjkmnp-z]{10}$/);

/**
 * Whether what the browser says about the device contradicts the model the member claims: an
 * Apple device claimed on a browser that is not on iOS or iPadOS, another brand's on one that is,
 * or a model the browser names that is not the one claimed. Shown on the report, never hidden.
 */
export function claimMismatch(result: CheckResult): boolean {
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
export function countOutcomes(result: CheckResult): Record<CheckOutcome, number> {
  const counts = { pass: 0, fail: 0, skipped: 0, unsupported: 0 };
  for (const test of CHECK_TESTS) counts[result.tests[test]] += 1;
  return counts;
}
