import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { topUps } from "#db/schema/index.ts";
import { raiseMoneyAlert } from "../balance/alerts.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import type { CoreContext } from "../shared/context.ts";
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
    const late = row.state !== "PENDING";
    const paid = await moveTopUp(txCtx, row, late ? "pay_late" : "pay", {
      set: { paidAt: voucher.paidAt ?? now, paidLate: late || (row.deadline !== null && now > row.deadline) },
    });
    await postEntry(txCtx, {
      idempotencyKey: `top_up:${row.id}:paid`,
      kind: "points_top_up",
      refs: { topUpId: row.id },
      lines: [
        { account: platformAccount("voucher_clearing"), amount: -row.amount },
        { account: memberAccount(row.userId, "points"), amount: row.amount },
      ],
    });
    if (paid.paidLate) {
      await raiseMoneyAlert(txCtx, {
        kind: "late_top_up",
        userId: row.userId,
        refs: { topUpId: row.id },
        dedupeKey: `top_up:${row.id}:late`,
        detail: `paid after the deadline shown (${row.state})`,
      });
    }
    await balanceNotice(txCtx, {
      userId: row.userId,
      event: "top_up_paid",
      amount: row.amount,
      refs: { topUpId: row.id },
    });
    return { row: paid, paid: true };
  });
  return outcome.row;
}

export { loadTopUp };
