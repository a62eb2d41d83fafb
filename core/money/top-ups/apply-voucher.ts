import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { platformAccount } from "../ledger/accounts.ts";
import { creditTopUp } from "./credit-top-up.ts";
import { moveTopUp } from "./move-top-up.ts";
import { type TopUpRow, voucherMeaning } from "./top-up-states.ts";
import type { Voucher } from "./voucher-gateway.ts";

async function loadTopUp(db: Db, id: number, lock = false): Promise<TopUpRow> {
  const query = db.select().from(topUps).where(eq(topUps.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new Error(`No top-up ${id}`);
  return row;
}

/**
 * The one place a voucher provider's word is applied to a top-up. Paid: the points are credited
 * once (the voucher's clearing account owes them), also after our deadline or a cancellation —
 * money is never turned away, and finance is told of such a late payment. Ended: the top-up
 * expires or is cancelled. Safe to call again with the same or an older word.
 */
export async function applyVoucher(ctx: CoreContext, topUpId: number, voucher: Voucher): Promise<TopUpRow> {
  const meaning = voucherMeaning(voucher.status);
  if (meaning.kind === "waiting") return loadTopUp(ctx.db, topUpId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const row = await loadTopUp(txCtx.db, topUpId, true);
    if (meaning.kind === "ended") {
      if (row.state !== "PENDING") return { row, paid: false };
      return { row: await moveTopUp(txCtx, row, meaning.action), paid: false };
    }
    if (row.state === "PAID") return { row, paid: false };
    const now = ctx.clock.now();
    const paid = await creditTopUp(txCtx, row, {
      from: platformAccount("voucher_clearing"),
      paidAt: voucher.paidAt ?? now,
      lateByDeadline: row.deadline !== null && now > row.deadline,
    });
    return { row: paid, paid: true };
  });
  return outcome.row;
}

export { loadTopUp };
