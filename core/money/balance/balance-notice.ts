import { notify } from "../../notify/notifications.ts";
import type { CoreContext } from "../../shared/context.ts";

/**
 * What the member is told about their balance: points credited, a payout sent or returned, an ATM
 * code expired, proceeds nearing their deadline or paid out automatically. `amount` in yen (or
 * points); the notification leads to the transfer history.
 */
export type BalanceEvent =
  | "top_up_paid"
  | "payout_sent"
  | "payout_paid"
  | "payout_returned"
  | "atm_expired"
  | "deadline_reminder"
  | "auto_payout"
  | "deadline_no_account"
  | "free_points_granted"
  | "free_points_expired";

export async function balanceNotice(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    userId: number;
    event: BalanceEvent;
    amount: number;
    refs: Record<string, number | string>;
    days?: number;
  },
): Promise<void> {
  await notify(ctx, {
    userId: o.userId,
    kind: "balance",
    payload: { event: o.event, amount: o.amount, ...(o.days ? { days: o.days } : {}), ...o.refs },
  });
}
