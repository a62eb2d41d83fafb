import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { loadTransaction } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

/**
 * An operator with `transactions:hold` puts a transaction under office review (PENDING: its timers
 * stop) or releases it to where it was (that state's timers start afresh). The step and its
 * before/after go to the audit log in the same database transaction.
 */
export async function holdTransaction(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    transactionId: number;
    hold: boolean;
    reason?: string | undefined;
    meta?: RequestMeta | undefined;
  },
): Promise<{ state: string }> {
  const operator = await authorize(ctx, o.actor, "transactions:hold");
  return ctx.db.transaction(async (tx) => {
    const t = await loadTransaction(tx, o.transactionId, true);
    const { from, to } = await changeState(
      { ...ctx, db: tx },
      {
        machine: TRANSACTION_MACHINE,
        table: transactions,
        id: t.id,
        from: t.state,
        heldFrom: t.heldFrom,
        action: o.hold ? "hold" : "release",
        actor: { role: "operator", id: operator.id },
        reason: o.reason ?? null,
        set: { heldFrom: o.hold ? t.state : null },
      },
    );
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "transactions:hold",
        target: { type: "transaction", id: t.id },
        changes: { state: [from, to], heldFrom: [t.heldFrom, o.hold ? t.state : null] },
        reason: o.reason ?? null,
        meta: o.meta,
      },
    );
    // Both parties learn that the office has paused their transaction, or let it go on.
    for (const userId of [t.buyerId, t.sellerId]) {
      await tradeNotice(
        { db: tx, clock: ctx.clock },
        { userId, kind: "purchase", transaction: t, event: o.hold ? "held" : "released" },
      );
    }
    return { state: to };
  });
}
