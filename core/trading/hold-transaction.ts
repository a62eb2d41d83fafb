import { eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { loadTransaction } from "./load-transaction.ts";
import { nextTransactionState } from "./transaction-states.ts";

/** An operator puts a transaction under office review (PENDING) or releases it to where it was. */
export async function holdTransaction(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; hold: boolean },
): Promise<{ state: string }> {
  if (o.actor.role !== "operator") throw new AppError("FORBIDDEN");
  return ctx.db.transaction(async (tx) => {
    const t = await loadTransaction(tx, o.transactionId, true);
    const to = nextTransactionState(t.state, o.hold ? "hold" : "release", "operator", t.heldFrom);
    await tx
      .update(transactions)
      .set({ state: to, heldFrom: o.hold ? t.state : null, updatedAt: ctx.clock.now() })
      .where(eq(transactions.id, t.id));
    return { state: to };
  });
}
