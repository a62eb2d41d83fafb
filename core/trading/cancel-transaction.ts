import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { cancellationRequests, transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { owePaymentBack, pushRefund } from "../money/payments/apply-charge.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, text } from "../shared/validation/index.ts";
import { type FieldChanges, recordAudit } from "../staff/audit.ts";
import { authorize, type Operator, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { CANCEL_NOTE_MAX, type CancelReason, cancelReasonsFor } from "./cancel-reasons.ts";
import { returnEscrow } from "./escrow.ts";
import { loadTransaction, paymentOf, roleOf } from "./load-transaction.ts";
import { parseOfficeReason } from "./office-rules.ts";
import { purchasePurpose, relistItem } from "./purchase-payment.ts";
import { tradeNotice } from "./trade-notice.ts";
import {
  TRANSACTION_MACHINE,
  TRANSACTION_STATE_MESSAGES,
  type TransactionRole,
} from "./transaction-states.ts";

export type CancelStep = "request" | "agree" | "refuse" | "office";

/** What a party asking to cancel says: a reason of their side (`cancel-reasons.ts`) and, optionally, details. */
const ZCancelRequest = z.object({
  reason: text(),
  note: text(maxLength(CANCEL_NOTE_MAX), printSafeText()),
});
const REQUEST_LABELS = { reason: msg("trading.fields.cancelReason"), note: msg("trading.fields.cancelNote") };

function parseCancelRequest(input: unknown, role: TransactionRole): { reason: CancelReason; note: string } {
  const { reason, note } = parseInput(ZCancelRequest, input ?? {}, REQUEST_LABELS);
  if (reason === "") {
    throw new AppError("VALIDATION", { fields: { reason: msg("trading.errors.cancelReasonRequired") } });
  }
  const offered = role === "buyer" || role === "seller" ? cancelReasonsFor(role) : [];
  const chosen = offered.find((r) => r.code === reason);
  if (!chosen) {
    throw new AppError("VALIDATION", { fields: { reason: msg("trading.errors.cancelReasonNotYours") } });
  }
  return { reason: chosen.code, note };
}

/**
 * Whether the actor may ask to cancel now, for this reason: what a page asks before it asks them to
 * confirm. Throws as `cancelTransaction` would; answers the reason and details as they will be kept.
 */
export async function checkCancelRequest(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; request: unknown },
): Promise<{ reason: CancelReason; note: string }> {
  const t = await loadTransaction(ctx.db, o.transactionId);
  const role = roleOf(t, o.actor);
  nextState(TRANSACTION_MACHINE, t.state, "request_cancel", role);
  return parseCancelRequest(o.request, role);
}

/**
 * Cancelling takes both sides: one asks (START → CANCELING) with a reason of their side and their
 * own words (`request`, kept in `cancellation_requests` and shown to the other party), the other
 * agrees (→ CANCELED: the escrow goes back, the card is refunded, the item is on sale again) or
 * refuses (→ START), which answers the request. An
 * operator with `transactions:cancel` may cancel on their own, saying why (`reason`, required);
 * the step, the refund and the reason go to the audit log in the same database transaction.
 */
export async function cancelTransaction(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    transactionId: number;
    step: CancelStep;
    /** Why the office cancels (1–500 characters); required for the office's step. */
    reason?: unknown;
    /** The asking party's `{ reason, note }` (`ZCancelRequest`); required for the request step. */
    request?: unknown;
    meta?: RequestMeta | undefined;
  },
): Promise<{ state: string }> {
  const actor = o.actor;
  if (!actor) throw new AppError("UNAUTHORIZED");
  let operator: Operator | null = null;
  let reason: string | null = null;
  if (o.step === "office") {
    operator = await authorize(ctx, actor, "transactions:cancel");
    reason = parseOfficeReason({ reason: o.reason });
  }
  const first = await loadTransaction(ctx.db, o.transactionId);
  // The office acts as the office, even on a sale its operator happens to be a party to.
  const role: TransactionRole = operator ? "operator" : roleOf(first, actor);
  const request = o.step === "request" ? parseCancelRequest(o.request, role) : null;
  const action =
    o.step === "request"
      ? "request_cancel"
      : o.step === "agree"
        ? "agree_cancel"
        : o.step === "refuse"
          ? "refuse_cancel"
          : "cancel_by_office";
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const t = await loadTransaction(tx, o.transactionId, true);
    if ((o.step === "agree" || o.step === "refuse") && t.cancelRequestedBy === role) {
      throw new AppError("FORBIDDEN", { message: TRANSACTION_STATE_MESSAGES.notYourStep });
    }
    const cancelRequestedBy = o.step === "request" ? (role as "buyer" | "seller") : null;
    const { from, to } = await changeState(txCtx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action,
      actor: { role, id: actor.id },
      // The office's timeline shows why a party asked, as it shows the office's own reasons.
      reason: request ? [request.reason, request.note].filter(Boolean).join(": ") : reason,
      set: { cancelRequestedBy, heldFrom: null },
    });
    const now = ctx.clock.now();
    if (request) {
      await tx.insert(cancellationRequests).values({
        transactionId: t.id,
        requestedBy: role as "buyer" | "seller",
        requesterId: actor.id,
        reason: request.reason,
        note: request.note,
        createdAt: now,
      });
    } else {
      // Agreeing, refusing or the office's cancellation answers the open request, if any.
      await tx
        .update(cancellationRequests)
        .set({
          answer: o.step === "agree" ? "agreed" : o.step === "refuse" ? "refused" : "office",
          answeredAt: now,
        })
        .where(and(eq(cancellationRequests.transactionId, t.id), isNull(cancellationRequests.answer)));
    }
    let refund: number | null = null;
    const changes: FieldChanges = { state: [from, to] };
    if (t.heldFrom) changes.heldFrom = [t.heldFrom, null];
    if (t.cancelRequestedBy !== cancelRequestedBy) changes.cancelRequestedBy = [t.cancelRequestedBy, null];
    if (to === "CANCELED") {
      const back = await returnEscrow(txCtx, t, { withCard: true });
      // Where each part went ("free_points+points+card"; expired free points to the promotions).
      changes.escrowReturnedTo = [
        null,
        (
          [
            ["free_points", back.freePoints],
            ["promotions", back.expiredFreePoints],
            ["points", back.points],
            ["card", back.card],
          ] as const
        )
          .filter(([, amount]) => amount > 0)
          .map(([to]) => to)
          .join("+"),
      ];
      changes.escrowReturned = [null, back];
      const payment = await paymentOf(tx, t.id);
      if (payment?.state === "COMPLETED") {
        await owePaymentBack(txCtx, payment, "transaction canceled", {
          role: role === "operator" ? "operator" : "system",
          id: actor.id,
        });
        changes.paymentState = [payment.state, "REFUNDING"];
        refund = payment.id;
      }
      await relistItem(txCtx, t.itemId);
    }
    if (operator) {
      await recordAudit(txCtx, {
        operator,
        action: "transactions:cancel",
        target: { type: "transaction", id: t.id },
        changes,
        reason,
        meta: o.meta,
      });
      await clearClaim(tx, "transactions", t.id);
    }
    return { to, refund };
  });
  // The ledger already counts the refund; the provider is told after the commit (and again by
  // reconciliation if this is cut short).
  if (result.refund) await pushRefund(ctx, result.refund, purchasePurpose);
  const other = role === "buyer" ? first.sellerId : role === "seller" ? first.buyerId : null;
  for (const userId of other ? [other] : [first.buyerId, first.sellerId]) {
    await tradeNotice(ctx, { userId, kind: "purchase", transaction: first, event: result.to });
  }
  return { state: result.to };
}
