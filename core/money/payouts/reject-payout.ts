import type { CoreContext } from "../../shared/context.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { parseOfficeReason } from "../../trading/office-rules.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { returnPayout } from "./payout-ledger.ts";
import type { OfficeActor } from "./payout-run.ts";
import type { PayoutRow } from "./payout-states.ts";

/** Finance refuses a payout waiting for approval; the money goes back to the member's proceeds. */
export async function rejectPayout(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { payoutId: number; reason: string; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = await authorize(ctx, actor, "payouts:approve");
  const reason = parseOfficeReason({ reason: o.reason });
  const moved = await returnPayout(ctx, o.payoutId, "reject", {
    actor: { role: "operator", id: operator.id },
    reason,
  });
  await recordAudit(ctx, {
    operator,
    action: "payouts:reject",
    target: { type: "payout", id: o.payoutId },
    changes: { state: ["AWAITING_APPROVAL", moved.state] },
    reason,
    meta: o.meta,
  });
  await balanceNotice(ctx, {
    userId: moved.userId,
    event: "payout_returned",
    amount: moved.amount + moved.fee,
    refs: { payoutId: moved.id },
  });
  return moved;
}
