import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { changeState } from "../state/change-state.ts";
import { loadTransaction } from "./load-transaction.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

/**
 * An operator puts a transaction under office review (PENDING: its timers stop) or releases it to
 * where it was (that state's timers start afresh).
 */
export async function holdTransaction(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; hold: boolean; reason?: string },
): Promise<{ state: string }> {
  if (o.actor.role !== "operator") throw new AppError("FORBIDDEN");
  return ctx.db.transaction(async (tx) => {
    const t = await loadTransaction(tx, o.transactionId, true);
    const { to } = await changeState(
      { ...ctx, db: tx },
      {
        machine: TRANSACTION_MACHINE,
        table: transactions,
        id: t.id,
        from: t.state,
        heldFrom: t.heldFrom,
        action: o.hold ? "hold" : "release",
        actor: { role: "operator", id: o.actor.id },
        reason: o.reason ?? null,
        set: { heldFrom: o.hold ? t.state : null },
      },
    );
    return { state: to };
  });
}
