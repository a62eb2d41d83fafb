import type { CoreContext } from "../../shared/context.ts";
import { raiseMoneyAlert } from "../balance/alerts.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { type AccountRef, memberAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import { moveTopUp } from "./move-top-up.ts";
import type { TopUpRow } from "./top-up-states.ts";

/**
 * The one place a top-up's money becomes paid points, in the caller's database transaction: the
 * top-up is PAID (`pay_late` when it had already ended), the points are posted once under the
 * top-up's key from where the money sits (`from`: the voucher's clearing account, or the payer's
 * `payment` account for a card), finance is told of a late payment, and the member is told.
 */
export async function creditTopUp(
  ctx: Pick<CoreContext, "db" | "clock">,
  row: TopUpRow,
  o: { from: AccountRef; paidAt: Date; lateByDeadline?: boolean },
): Promise<TopUpRow> {
  const late = row.state !== "PENDING";
  const paid = await moveTopUp(ctx, row, late ? "pay_late" : "pay", {
    set: { paidAt: o.paidAt, paidLate: late || o.lateByDeadline === true },
  });
  await postEntry(ctx, {
    idempotencyKey: `top_up:${row.id}:paid`,
    kind: "points_top_up",
    refs: { topUpId: row.id },
    lines: [
      { account: o.from, amount: -row.amount },
      { account: memberAccount(row.userId, "points"), amount: row.amount },
    ],
  });
  if (paid.paidLate) {
    await raiseMoneyAlert(ctx, {
      kind: "late_top_up",
      userId: row.userId,
      refs: { topUpId: row.id },
      dedupeKey: `top_up:${row.id}:late`,
      detail: `paid after the deadline shown (${row.state})`,
    });
  }
  await balanceNotice(ctx, {
    userId: row.userId,
    event: "top_up_paid",
    amount: row.amount,
    refs: { topUpId: row.id },
  });
  return paid;
}
