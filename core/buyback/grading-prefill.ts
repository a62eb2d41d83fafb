import { BUYBACK_GRADES, type BuybackGrade } from "#db/schema/index.ts";
import { BRANDS } from "../catalog/codes.ts";
import { identifyDevice } from "../catalog/models.ts";
import type { DeviceCheckView } from "../checks/device-check-view.ts";
import type { CoreContext } from "../shared/context.ts";
import { buybackAnswersOfCheck } from "./check-answers.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "./diagnostic-fields.ts";
import { GRADING_DEFECTS } from "./grading-input.ts";
import { estimateCondition, sortDefects } from "./offer.ts";

/**
 * Where a starting value of the grading form comes from: the member's application (and estimate),
 * the IMEI's TAC (maker and model), the member's self-check report sent with the device, or the
 * usual answer for a device of this model that matches its application. The form says which beside
 * each field; the grader changes what the device says otherwise.
 */
export type PrefillSource = "application" | "imei" | "check" | "model";

export type GradingPrefill = {
  grade: { value: BuybackGrade; source: PrefillSource } | null;
  ngConditions: { value: string[]; source: PrefillSource } | null;
  /** A value, or "not applicable" (`na`) whose reason the form words in the page's language. */
  diagnostics: Partial<
    Record<DiagnosticKey, { value: string; source: PrefillSource } | { na: true; source: PrefillSource }>
  >;
};

/** Categories sold by carriers (smartphones, tablets, feature phones): they have a carrier and a restriction. */
const CARRIER_CATEGORIES = new Set(["05", "07", "08"]);

/**
 * The grading form's starting values for a device graded for the first time: what the application
 * already answers (IMEI when the grader may see it or has just scanned the same one, model, storage,
 * power, network restriction, the estimate's grade and defects), the maker from the IMEI, and the
 * model's defaults (tested and wiped today, genuine parts, powered, initialised, unlocked, SIM-free,
 * no NSYS grade). A genuine self-check report in date fills what it found: the device powers on
 * (unless the member since said it does not), and the faults it found are among the defects, which
 * make it grade J; a tampered or expired one fills nothing. Only choices a field takes are used.
 */
export async function gradingPrefill(
  ctx: Pick<CoreContext, "db">,
  o: {
    imei: string | null;
    imeiVisible: boolean;
    scannedImei: string | null;
    model: { name: string; brandCode: string; categoryCode: string };
    storageGb: number | null;
    answers: Record<string, string>;
    estimate: Record<string, unknown> | null;
    check: Pick<DeviceCheckView, "standing" | "tests" | "displayDefects"> | null;
    today: string;
  },
): Promise<GradingPrefill> {
  const d: GradingPrefill["diagnostics"] = {};
  const set = (key: DiagnosticKey, value: string, source: PrefillSource) => {
    const field = DIAGNOSTIC_FIELDS.find((f) => f.key === key);
    if (field?.kind === "choices" && !(field.choices as readonly string[]).includes(value)) return;
    d[key] = { value, source };
  };
  if (o.imei && (o.imeiVisible || o.scannedImei === o.imei)) set("imei", o.imei, "application");
  const identified = o.imei ? await identifyDevice(ctx, o.imei) : null;
  const brand = identified?.brand.name ?? BRANDS.find((b) => b.code === o.model.brandCode)?.name ?? null;
  if (brand) set("manufacturer", brand, identified ? "imei" : "application");
  set("modelName", o.model.name, "application");
  set("model", identified?.model.name ?? o.model.name, identified ? "imei" : "application");
  if (o.storageGb !== null) set("memory", `${o.storageGb}GB`, "application");
  if (o.answers.power === "yes") set("power", "on", "application");
  if (o.answers.power === "no") set("power", "off", "application");
  // A report that no longer holds tells the grader nothing.
  const check = o.check?.standing === "genuine" ? buybackAnswersOfCheck(o.check) : null;
  if (check && o.answers.power !== "no") set("power", "on", "check");
  if (o.answers.activationLock) set("activationLock", o.answers.activationLock, "application");
  for (const [key, value] of [
    ["testResult", "pass"],
    ["testDate", o.today],
    ["dataDeletionDate", o.today],
    ["nonGenuineParts", "none"],
    ["initialization", "done"],
    ["activationLock", "off"],
  ] as const) {
    if (!d[key]) set(key, value, "model");
  }
  if (!d.power) set("power", "on", "model");
  if (CARRIER_CATEGORIES.has(o.model.categoryCode)) {
    set("networkRestriction", o.answers.network ?? "", "application");
    set("carrier", "sim_free", "model");
  }
  d.nsysGrade = { na: true, source: "model" };
  const grade = o.estimate?.grade;
  const ng = Array.isArray(o.estimate?.ngConditions)
    ? (o.estimate.ngConditions as unknown[]).map(String)
    : null;
  // The faults the check found, as the defects they are (a failed screen, camera or sensor).
  const found = check
    ? estimateCondition(Object.fromEntries(check.faults.map((q) => [q, check.answers[q] ?? ""]))).ngConditions
    : [];
  const defects = (list: readonly string[]) =>
    list.filter((n) => (GRADING_DEFECTS as readonly string[]).includes(n));
  return {
    diagnostics: d,
    grade:
      found.length > 0
        ? { value: "J", source: "check" }
        : typeof grade === "string" && (BUYBACK_GRADES as readonly string[]).includes(grade)
          ? { value: grade as BuybackGrade, source: "application" }
          : null,
    ngConditions:
      found.length > 0
        ? { value: defects(sortDefects([...(ng ?? []), ...found])), source: "check" }
        : ng
          ? { value: defects(ng), source: "application" }
          : null,
  };
}
