import { z } from "zod";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS, type DiagnosticValue } from "#db/schema/index.ts";
import type { Messages } from "../shared/i18n/messages.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { hasValidLuhnChecksum, isPrintSafeText, toHalfWidthDigits } from "../shared/validation/characters.ts";
import { isCalendarDate } from "../shared/validation/tokyo-clock.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "./diagnostic-fields.ts";
import { sortDefects } from "./offer.ts";

/** Longest text a diagnostic field, a "not applicable" reason or a grader's note may hold. */
export const GRADING_LIMITS = {
  text: 100,
  naReason: 200,
  note: 1000,
  reason: 500,
  batteryCycles: 99_999,
} as const;

/** The grading queue's tabs: parcels on their way, devices to grade, offers waiting, ended. */
export const GRADING_TABS = ["arriving", "grade", "offered", "ended"] as const;
export type GradingTab = (typeof GRADING_TABS)[number];
/** How far back the queue's "ended recently" looks. */
export const ENDED_WINDOW_DAYS = 30;

/** Why a grader may refuse a device (labels: `buyback.endReasons.*`). */
export const REFUSAL_REASONS = ["reported_stolen", "counterfeit", "activation_locked", "no_bid"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const REFUSAL_NOTE_MAX = 500;

/** The failed checks a grader may record (every NG condition but "none"). */
export const GRADING_DEFECTS = BUYBACK_NG_CONDITIONS.filter(
  (ng): ng is Exclude<(typeof BUYBACK_NG_CONDITIONS)[number], "none"> => ng !== "none",
);

/** One diagnostic field as a form sends it: a value, or "not applicable" ticked with a reason. */
const ZDiagnosticEntry = z
  .object({
    value: z.string().max(5000).nullish(),
    /** Ticked (with `reason`), or the reason itself as a kept value has it (`{ na: "…" }`). */
    na: z.union([z.boolean(), z.string().max(5000)]).nullish(),
    reason: z.string().max(5000).nullish(),
  })
  .nullish();

const label = (key: DiagnosticKey) => msg(`buyback.diagnostics.${key}`);
type ErrorKey = keyof Messages["buybackOffice"]["grading"]["errors"];
const error = (key: ErrorKey, values: Record<string, Message | string | number>) =>
  msg(`buybackOffice.grading.errors.${key}`, values);

type Field = (typeof DIAGNOSTIC_FIELDS)[number];

/**
 * One field's value written the way it is kept, or the message saying what is wrong with it. Digit
 * fields take full-width digits too (Japanese input methods), a percentage may end in "%".
 */
function checkValue(field: Field, raw: string, today: string): { value: string } | { error: Message } {
  const name = label(field.key);
  switch (field.kind) {
    case "imei": {
      const v = toHalfWidthDigits(raw).replace(/[\s-]/g, "");
      return /^\d{15}$/.test(v) && hasValidLuhnChecksum(v) ? { value: v } : { error: error("imei", {}) };
    }
    case "percent": {
      const v = toHalfWidthDigits(raw).replace(/\s*[%％]$/, "");
      return /^\d{1,3}$/.test(v) && Number(v) <= 100
        ? { value: String(Number(v)) }
        : { error: error("percent", { field: name }) };
    }
    case "count": {
      const v = toHalfWidthDigits(raw).replace(/,/g, "");
      return /^\d{1,5}$/.test(v) && Number(v) <= GRADING_LIMITS.batteryCycles
        ? { value: String(Number(v)) }
        : { error: error("count", { field: name, max: GRADING_LIMITS.batteryCycles }) };
    }
    case "date": {
      const v = toHalfWidthDigits(raw).replace(/\//g, "-");
      if (!isCalendarDate(v)) return { error: error("date", { field: name }) };
      return v > today ? { error: error("futureDate", { field: name }) } : { value: v };
    }
    case "choices":
      return (field.choices as readonly string[]).includes(raw)
        ? { value: raw }
        : { error: error("choice", { field: name }) };
    case "note":
      if (Array.from(raw).length > GRADING_LIMITS.note)
        return { error: error("tooLong", { field: name, max: GRADING_LIMITS.note }) };
      return isPrintSafeText(raw) ? { value: raw } : { error: error("characters", { field: name }) };
    default:
      if (Array.from(raw).length > GRADING_LIMITS.text)
        return { error: error("tooLong", { field: name, max: GRADING_LIMITS.text }) };
      return isPrintSafeText(raw) ? { value: raw } : { error: error("characters", { field: name }) };
  }
}

/**
 * The device diagnostic fields as kept: every field a value, or "not applicable" with the grader's
 * reason; the note and the optional fields may stay empty. Each field that fails gets its own message (`diagnostics.<key>`).
 */
function readDiagnostics(
  entries: Partial<Record<DiagnosticKey, z.output<typeof ZDiagnosticEntry>>>,
  today: string,
): { diagnostics: Record<DiagnosticKey, DiagnosticValue>; errors: Partial<Record<DiagnosticKey, Message>> } {
  const diagnostics = {} as Record<DiagnosticKey, DiagnosticValue>;
  const errors: Partial<Record<DiagnosticKey, Message>> = {};
  for (const field of DIAGNOSTIC_FIELDS) {
    const entry = entries[field.key];
    const name = label(field.key);
    if (entry?.na === true || typeof entry?.na === "string") {
      const reason = (typeof entry.na === "string" ? entry.na : (entry.reason ?? "")).trim();
      if (reason === "") errors[field.key] = error("naReason", { field: name });
      else if (Array.from(reason).length > GRADING_LIMITS.naReason)
        errors[field.key] = error("tooLong", { field: name, max: GRADING_LIMITS.naReason });
      else if (!isPrintSafeText(reason)) errors[field.key] = error("characters", { field: name });
      else diagnostics[field.key] = { na: reason };
      continue;
    }
    const raw = (entry?.value ?? "").replace(/\r\n?/g, "\n").trim();
    if (raw === "") {
      if (field.kind === "note" || "optional" in field) diagnostics[field.key] = { value: "" };
      else errors[field.key] = error("missing", { field: name });
      continue;
    }
    const checked = checkValue(field, raw, today);
    if ("error" in checked) errors[field.key] = checked.error;
    else diagnostics[field.key] = { value: checked.value };
  }
  return { diagnostics, errors };
}

/** A battery below this maximum capacity (%) is worn: the "battery" defect. */
const BATTERY_WORN_BELOW = 80;

/**
 * A defect the diagnostics prove but the failed checks leave out, so the device would be priced as
 * better than it is: no power, a device its carrier blocked (×), a worn battery.
 */
function missingDefect(diagnostics: Record<string, DiagnosticValue>, ngConditions: readonly string[]) {
  const value = (key: DiagnosticKey) => {
    const v = diagnostics[key];
    return v && "value" in v ? v.value : null;
  };
  if (value("power") === "off" && !ngConditions.includes("no_power")) return "ngNoPower" as const;
  if (value("networkRestriction") === "×" && !ngConditions.includes("network_blocked"))
    return "ngNetworkBlocked" as const;
  const capacity = value("batteryMaxCapacity");
  if (capacity !== null && Number(capacity) < BATTERY_WORN_BELOW && !ngConditions.includes("battery"))
    return "ngBattery" as const;
  return null;
}

/**
 * What a grader submits for one device, shared by the back-office page and any API: the RMJ grade
 * (S unused … J junk), the failed checks (J needs at least one, S allows none), an outside grade
 * kept as given (`{scale, value}`; from the NSYS field when none is sent), every diagnostic field,
 * and the reason for a regrade. `today` (Tokyo) bounds the test and data deletion dates.
 */
export function gradingSchema(today: string) {
  return z
    .object({
      grade: z
        .string()
        .nullish()
        .refine((v) => (BUYBACK_GRADES as readonly string[]).includes(v ?? ""), {
          params: { message: error("grade", {}) },
        })
        .transform((v) => v as (typeof BUYBACK_GRADES)[number]),
      ngConditions: z
        .array(z.string())
        .max(GRADING_DEFECTS.length * 2)
        .nullish()
        .refine((v) => (v ?? []).every((ng) => (GRADING_DEFECTS as readonly string[]).includes(ng)), {
          params: { message: error("choice", { field: msg("buybackOffice.grading.form.ngConditions") }) },
        })
        .transform((v) => sortDefects(v ?? [])),
      externalGrade: z
        .object({
          scale: z.string().trim().min(1).max(20),
          value: z.string().trim().min(1).max(20),
        })
        .nullish(),
      diagnostics: z.partialRecord(
        z.enum(DIAGNOSTIC_FIELDS.map((f) => f.key) as [DiagnosticKey, ...DiagnosticKey[]]),
        ZDiagnosticEntry,
      ),
      reason: z
        .string()
        .nullish()
        .transform((v) => (v ?? "").trim())
        .refine((v) => Array.from(v).length <= GRADING_LIMITS.reason, {
          params: {
            message: error("tooLong", { field: msg("buybackOffice.grading.form.reason"), max: 500 }),
          },
        }),
    })
    .superRefine((input, ctx) => {
      // Runs even when a field above failed, so every problem is said at once.
      const { diagnostics, errors } = readDiagnostics(input.diagnostics ?? {}, today);
      for (const [key, message] of Object.entries(errors)) {
        ctx.addIssue({ code: "custom", path: ["diagnostics", key], params: { message } });
      }
      const failed = Array.isArray(input.ngConditions) ? input.ngConditions.length : 0;
      const missing = missingDefect(diagnostics, Array.isArray(input.ngConditions) ? input.ngConditions : []);
      if (missing) {
        ctx.addIssue({ code: "custom", path: ["ngConditions"], params: { message: error(missing, {}) } });
      }
      if (input.grade === "J" && failed === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["ngConditions"],
          params: { message: error("junkNeedsNg", {}) },
        });
      }
      if (input.grade === "S" && failed > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["ngConditions"],
          params: { message: error("unusedNoNg", {}) },
        });
      }
    })
    .transform((input) => {
      const { diagnostics } = readDiagnostics(input.diagnostics, today);
      const nsys = diagnostics.nsysGrade;
      const externalGrade =
        input.externalGrade ?? (nsys && "value" in nsys ? { scale: "NSYS", value: nsys.value } : null);
      return {
        grade: input.grade,
        ngConditions: input.ngConditions,
        externalGrade,
        diagnostics,
        reason: input.reason === "" ? null : input.reason,
      };
    });
}
export type TGradingInput = z.input<ReturnType<typeof gradingSchema>>;

/** Field labels for the plain zod messages of the schema (the rest carry their own). */
export const GRADING_LABELS = {
  grade: msg("buybackOffice.grading.form.grade"),
  ngConditions: msg("buybackOffice.grading.form.ngConditions"),
  externalGrade: msg("buybackOffice.grading.form.externalGrade"),
  "externalGrade.scale": msg("buybackOffice.grading.form.externalGrade"),
  "externalGrade.value": msg("buybackOffice.grading.form.externalGrade"),
  reason: msg("buybackOffice.grading.form.reason"),
};
