import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { deviceChecks } from "#db/schema/index.ts";
import { BRANDS } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { CHECK_OUTCOMES, CHECK_TESTS, type CheckTest, DISPLAY_DEFECTS } from "./tests.ts";

/** A report speaks for the device for this long after the check; then the member checks again. */
export const REPORT_VALID_DAYS = 30;

const ZOutcome = z.enum(CHECK_OUTCOMES);
const ZDeviceKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
/** A line of what the browser says: no control characters (a NUL cannot even be stored). */
const ZText = (max: number) => z.string().max(max).regex(NO_CONTROL);
const ZLine = (max: number) => ZText(max).nullable();

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
        userAgent: ZText(500),
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
