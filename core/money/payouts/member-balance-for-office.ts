import type { CoreContext } from "../../shared/context.ts";
import { authorize } from "../../staff/authorize.ts";
import { type BalanceSummary, getBalanceSummary } from "../balance/balance-summary.ts";
import type { OfficeViewer } from "./office-payout-rows.ts";

/** A member's proceeds, paid points and free points as finance sees them. For `payouts:read`. */
export async function memberBalanceForOffice(
  ctx: CoreContext,
  o: { actor: OfficeViewer; userId: number },
): Promise<BalanceSummary> {
  await authorize(ctx, o.actor, "payouts:read");
  return getBalanceSummary(ctx, { userId: o.userId });
}
