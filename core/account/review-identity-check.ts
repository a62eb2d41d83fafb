import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { identityChecks, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, required, text } from "../shared/validation/index.ts";
import { type FieldChanges, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import { IDENTITY_CHECK_MACHINE } from "./identity-check-states.ts";
import { IDENTITY_CHECK_TARGET } from "./identity-review-detail.ts";
import {
  IDENTITY_OFFICE_REJECTION_REASONS,
  IDENTITY_REVIEW_NOTE_MAX,
  type IdentityOfficeRejectionReason,
} from "./identity-review-rule.ts";

const ZNote = z.object({ note: text(required(), maxLength(IDENTITY_REVIEW_NOTE_MAX)) });
const LABELS = {
  note: msg("identityReview.fields.note"),
  reasonCode: msg("identityReview.fields.reasonCode"),
};
const UNKNOWN_REASON: Message = msg("identityReview.errors.unknownReason");

type Options = {
  actor: SessionUser | null;
  checkId: number;
  input?: unknown;
  meta?: RequestMeta | undefined;
};
type Decision =
  | { outcome: "verified" }
  | { outcome: "rejected"; reasonCode: IdentityOfficeRejectionReason }
  | null;

/** A rejection's reason code (only `name_mismatch` today, which a missing code means) and its note. */
function parseRejection(input: unknown): { reasonCode: IdentityOfficeRejectionReason; note: string } {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const code = typeof raw.reasonCode === "string" ? raw.reasonCode.trim() : "";
  const known = code === "" || (IDENTITY_OFFICE_REJECTION_REASONS as readonly string[]).includes(code);
  let note = "";
  try {
    note = parseInput(ZNote, raw, LABELS).note;
  } catch (error) {
    if (!known && error instanceof AppError) {
      throw new AppError("VALIDATION", { fields: { ...error.fields, reasonCode: UNKNOWN_REASON } });
    }
    throw error;
  }
  if (!known) throw new AppError("VALIDATION", { fields: { reasonCode: UNKNOWN_REASON } });
  return { reasonCode: (code || "name_mismatch") as IdentityOfficeRejectionReason, note };
}

/**
 * Settles a check under review: verified (the member is verified now) or rejected (with a reason
 * code the member reads on the identification page). Only from `review`, by the check's machine
 * (`changeState`, with its history): of two operators deciding at once one wins and the other gets
 * CONFLICT. The change, its audit entry, the end of the claim and the member's notification are
 * one database transaction.
 */
async function decide(
  ctx: CoreContext,
  o: Options,
  parse: (input: unknown) => { note: string; decision: NonNullable<Decision> },
): Promise<{ status: "verified" | "rejected" }> {
  const operator = await authorize(ctx, o.actor, "identity:review");
  const [check] = await ctx.db
    .select({
      id: identityChecks.id,
      userId: identityChecks.userId,
      status: identityChecks.status,
      completedAt: identityChecks.completedAt,
    })
    .from(identityChecks)
    .where(eq(identityChecks.id, o.checkId));
  if (!check) throw new AppError("NOT_FOUND");
  const { note, decision } = parse(o.input ?? {});
  const status = decision.outcome;
  const reason = decision.outcome === "rejected" ? decision.reasonCode : null;
  return ctx.db.transaction(async (tx) => {
    const deps = { db: tx, clock: ctx.clock };
    const now = ctx.clock.now();
    // Only from `review`: anything else, or a change by another operator first, is CONFLICT.
    await changeState(deps, {
      machine: IDENTITY_CHECK_MACHINE,
      table: identityChecks,
      id: check.id,
      from: check.status,
      action: status === "verified" ? "approve" : "reject",
      actor: { role: "operator", id: operator.id },
      reason,
      set: { reason, completedAt: now },
    });
    const changes: FieldChanges = {
      status: ["review", status],
      ...(reason ? { reason: [null, reason] } : {}),
      // The provider's decision time gives way to the office's.
      completedAt: [check.completedAt?.toISOString() ?? null, now.toISOString()],
    };
    if (status === "verified") {
      const marked = await tx
        .update(users)
        .set({ identityVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, check.userId), isNull(users.identityVerifiedAt)))
        .returning({ id: users.id });
      if (marked.length > 0) changes.identityVerifiedAt = [null, now.toISOString()];
    }
    await clearClaim(tx, "identity", check.id);
    await recordAudit(deps, {
      operator,
      action: status === "verified" ? "identity:approve" : "identity:reject",
      target: { type: IDENTITY_CHECK_TARGET, id: check.id },
      changes,
      reason: note,
      meta: o.meta,
    });
    await notify(deps, {
      userId: check.userId,
      kind: "identity",
      payload: { checkId: check.id, event: status, ...(reason ? { reason } : {}) },
    });
    return { status };
  });
}

/**
 * The office confirms a check whose verified name differs from the registered one (a new family
 * name after marriage, a registered nickname …): the check is verified and so is the member. Needs
 * `identity:review` and a note of 1–500 characters; audited; the member is told in the app.
 */
export async function approveIdentityCheck(ctx: CoreContext, o: Options): Promise<{ status: "verified" }> {
  const result = await decide(ctx, o, (input) => ({
    note: parseInput(ZNote, input, LABELS).note,
    decision: { outcome: "verified" },
  }));
  return { status: result.status as "verified" };
}

/**
 * The office refuses a check under review: rejected with a reason code (`name_mismatch`) the member
 * reads, and a note of 1–500 characters for the audit log. The member is not verified and may
 * submit again. Needs `identity:review`; audited; the member is told in the app.
 */
export async function rejectIdentityCheck(ctx: CoreContext, o: Options): Promise<{ status: "rejected" }> {
  const result = await decide(ctx, o, (input) => {
    const { reasonCode, note } = parseRejection(input);
    return { note, decision: { outcome: "rejected", reasonCode } };
  });
  return { status: result.status as "rejected" };
}
