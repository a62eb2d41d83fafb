import type { BuybackGrade, BuybackNgCondition, DiagnosticValue, OfferDeduction } from "#db/schema/index.ts";
import { DEDUCTION_PERCENT } from "./rules.ts";

/**
 * Which defect prices a device that has several: the worst first (no power, then a blocked
 * device, a broken display, camera, buttons and sensors, the battery). Its bid is the offer's base;
 * each further defect is a deduction.
 */
const NG_SEVERITY: readonly Exclude<BuybackNgCondition, "none">[] = [
  "no_power",
  "network_blocked",
  "screen",
  "camera",
  "sensor",
  "battery",
];

/** The defects, worst first, without "none" and without repeats. */
export function sortDefects(ngConditions: readonly string[]): Exclude<BuybackNgCondition, "none">[] {
  return NG_SEVERITY.filter((ng) => ngConditions.includes(ng));
}

/** The NG condition whose bids price this device: its worst defect, or "none". */
export function primaryNg(ngConditions: readonly string[]): BuybackNgCondition {
  return sortDefects(ngConditions)[0] ?? "none";
}

export type OfferFacts = {
  ngConditions: readonly string[];
  /** ネットワーク利用制限: △ (instalments still running) costs a deduction. */
  networkRestriction?: string | null;
  /** Any non-genuine part costs a deduction. */
  nonGenuineParts?: string | null;
};

export type OfferBreakdown = { bid: number; deductions: OfferDeduction[]; amount: number };

const share = (bid: number, percent: number) => Math.floor((bid * percent) / 100);

/**
 * The offer from a bid: the bid, each deduction (a second and further defect, network restriction
 * △, non-genuine parts; each a fixed share of the bid, shown to the member with its code), and the
 * amount. The deductions and the amount always add up to the bid.
 */
export function computeOffer(bid: number, facts: OfferFacts): OfferBreakdown {
  const deductions: OfferDeduction[] = [];
  for (const ng of sortDefects(facts.ngConditions).slice(1)) {
    deductions.push({ code: `extra_defect:${ng}`, amount: share(bid, DEDUCTION_PERCENT.extra_defect) });
  }
  if (facts.networkRestriction === "△") {
    deductions.push({ code: "network_pending", amount: share(bid, DEDUCTION_PERCENT.network_pending) });
  }
  if (facts.nonGenuineParts && facts.nonGenuineParts !== "none") {
    deductions.push({ code: "non_genuine_parts", amount: share(bid, DEDUCTION_PERCENT.non_genuine_parts) });
  }
  const kept = deductions.filter((d) => d.amount > 0);
  const taken = kept.reduce((sum, d) => sum + d.amount, 0);
  return { bid, deductions: kept, amount: Math.max(0, bid - taken) };
}

/** The plain value of a diagnostic field, or null when it is "not applicable" or missing. */
export function diagnosticValue(
  diagnostics: Record<string, DiagnosticValue> | null | undefined,
  key: string,
): string | null {
  const v = diagnostics?.[key];
  return v && "value" in v ? v.value : null;
}

/**
 * What the member's answers suggest before anyone has seen the device: the grade from how it
 * looks (unused S, like new A, signs of use B, heavy wear C; J when it does not work), and the
 * defects from the answers. Only an estimate: the grader decides.
 */
export function estimateCondition(answers: Record<string, string>): {
  grade: BuybackGrade;
  ngConditions: Exclude<BuybackNgCondition, "none">[];
} {
  const ng: Exclude<BuybackNgCondition, "none">[] = [];
  if (answers.power === "no") ng.push("no_power");
  if (answers.network === "×") ng.push("network_blocked");
  if (answers.screen === "cracked" || answers.screen === "faulty") ng.push("screen");
  if (answers.camera === "faulty") ng.push("camera");
  if (answers.sensor === "faulty") ng.push("sensor");
  if (answers.battery === "weak") ng.push("battery");
  const looks: Record<string, BuybackGrade> = { unused: "S", like_new: "A", used: "B", worn: "C" };
  const functional = ng.some((n) => n !== "battery" && n !== "network_blocked");
  const grade = functional ? "J" : (looks[answers.appearance ?? ""] ?? "B");
  return { grade: grade === "S" && ng.length > 0 ? "A" : grade, ngConditions: sortDefects(ng) };
}

/**
 * Answers a member may give in good faith that grading can find otherwise: a screen or a camera
 * that fails once used (each one a self-check can test), and a battery they could not judge.
 */
const OPEN_ANSWERS = [
  { question: "screen", answer: "ok", or: "faulty", ng: "screen" },
  { question: "camera", answer: "ok", or: "faulty", ng: "camera" },
  { question: "battery", answer: "unknown", or: "weak", ng: null },
] as const;

/**
 * Every condition the device may be graded in, from the member's answers: as answered, and with each
 * answer that grading may find otherwise (see `OPEN_ANSWERS`), one at a time and together, except
 * what a self-check rules out (`ruledOut`). The first is the answers' own; no condition twice.
 */
export function possibleConditions(
  answers: Record<string, string>,
  ruledOut: readonly string[] = [],
): ReturnType<typeof estimateCondition>[] {
  let variants = [answers];
  for (const open of OPEN_ANSWERS) {
    if (answers[open.question] !== open.answer || (open.ng && ruledOut.includes(open.ng))) continue;
    variants = variants.flatMap((v) => [v, { ...v, [open.question]: open.or }]);
  }
  const seen = new Set<string>();
  return variants.map(estimateCondition).filter((c) => {
    const key = `${c.grade}:${c.ngConditions.join(",")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
