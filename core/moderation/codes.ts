import type { MODERATION_ACTIONS, REPORT_TARGETS as TARGETS } from "#db/schema/index.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Permission } from "../staff/permissions.ts";

// The schema's lists, repeated here (checked against it) so that pages may read this table without the schema.
export const REPORT_TARGETS = ["item", "comment", "user"] as const satisfies typeof TARGETS;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Why a member reports a listing, a comment or a member, in the order the report page offers them,
 * with the kinds of target each reason fits.
 */
export const REPORT_REASONS = [
  { code: "PROHIBITED_ITEM", targets: ["item", "user"], label: msg("moderation.reasons.PROHIBITED_ITEM") },
  { code: "COUNTERFEIT", targets: ["item"], label: msg("moderation.reasons.COUNTERFEIT") },
  { code: "STOLEN_OR_RESTRICTED", targets: ["item"], label: msg("moderation.reasons.STOLEN_OR_RESTRICTED") },
  { code: "MISLEADING", targets: ["item"], label: msg("moderation.reasons.MISLEADING") },
  { code: "HARASSMENT", targets: ["comment", "user"], label: msg("moderation.reasons.HARASSMENT") },
  { code: "SPAM", targets: ["item", "comment", "user"], label: msg("moderation.reasons.SPAM") },
  {
    code: "OFF_PLATFORM",
    targets: ["item", "comment", "user"],
    label: msg("moderation.reasons.OFF_PLATFORM"),
  },
  { code: "OTHER", targets: ["item", "comment", "user"], label: msg("moderation.reasons.OTHER") },
] as const satisfies readonly { code: string; targets: readonly ReportTarget[]; label: Message }[];
export type ReportReason = (typeof REPORT_REASONS)[number]["code"];

/** The reasons a member may give for a kind of target. */
export function reportReasonsFor(target: ReportTarget): ReportReason[] {
  return REPORT_REASONS.filter((r) => (r.targets as readonly string[]).includes(target)).map((r) => r.code);
}

type RuleCode =
  | "ILLEGAL"
  | "PROHIBITED_ITEM"
  | "MISREPRESENTATION"
  | "CONDITION_NOT_DISCLOSED"
  | "OFF_PLATFORM"
  | "HARASSMENT"
  | "SYSTEM_ABUSE"
  | "INAPPROPRIATE"
  | "NO_VIOLATION"
  | "CORRECTED"
  | "APPEAL_ACCEPTED"
  | "MEASURE_ENDED";

const rule = (code: RuleCode, kind: "violation" | "restore") =>
  ({
    code,
    kind,
    label: msg(`moderation.rules.${code}.label`),
    article: msg(`moderation.rules.${code}.article`),
    text: msg(`moderation.rules.${code}.text`),
  }) as const;

/**
 * What an operator cites for a decision: the rule of the terms of service a hide or suspension
 * enforces (`violation`, with the article and its text as the terms state it), or why a restore
 * undoes one (`restore`). The member is told the rule, the article and its text.
 */
export const MODERATION_RULES = [
  rule("ILLEGAL", "violation"),
  rule("PROHIBITED_ITEM", "violation"),
  rule("MISREPRESENTATION", "violation"),
  rule("CONDITION_NOT_DISCLOSED", "violation"),
  rule("OFF_PLATFORM", "violation"),
  rule("HARASSMENT", "violation"),
  rule("SYSTEM_ABUSE", "violation"),
  rule("INAPPROPRIATE", "violation"),
  rule("NO_VIOLATION", "restore"),
  rule("CORRECTED", "restore"),
  rule("APPEAL_ACCEPTED", "restore"),
  rule("MEASURE_ENDED", "restore"),
] as const;
export type ModerationRule = (typeof MODERATION_RULES)[number];

/** The rule of a code, or null for a code no longer (or never) in the table. */
export function ruleOf(code: string): ModerationRule | null {
  return MODERATION_RULES.find((r) => r.code === code) ?? null;
}

/** Does the action take something away (hide, suspend) or give it back (restore)? */
export function isRestore(action: ModerationAction): boolean {
  return action.startsWith("restore_");
}

/** The rule codes an action may cite. */
export function rulesFor(action: ModerationAction): ModerationRule["code"][] {
  const kind = isRestore(action) ? "restore" : "violation";
  return MODERATION_RULES.filter((r) => r.kind === kind).map((r) => r.code);
}

/**
 * Who decides about a target: the permission to hide or restore it, also needed to dismiss its
 * reports (dismissing is a decision that nothing needs doing, so it is the moderator's, not a
 * reader's: support may read and claim reports but not close them).
 */
export const MODERATE_PERMISSION = {
  item: "listings:moderate",
  comment: "comments:moderate",
  user: "members:suspend",
} as const satisfies Record<ReportTarget, Permission>;

/** The reason a moderation hide writes in the state history: the decision's case number. */
export function moderationReason(decisionId: number): string {
  return `moderation:${decisionId}`;
}

/** The case number a state history reason names, if it was written by `moderationReason`. */
export function decisionIdOf(reason: string | null): number | null {
  const m = /^moderation:(\d+)$/.exec(reason ?? "");
  return m ? Number(m[1]) : null;
}

/** The appeal form of one decision, under the language prefix (the support pages build it). */
export function appealPath(decisionId: number): string {
  return `/mypage/support/?category=appeal&decision=${decisionId}`;
}
