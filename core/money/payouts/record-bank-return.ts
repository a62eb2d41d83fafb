import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { parseOfficeReason } from "../../trading/office-rules.ts";
import { raiseMoneyAlert } from "../balance/alerts.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { loadPayout, returnPayout } from "./payout-ledger.ts";
import type { OfficeActor } from "./payout-run.ts";
import type { PayoutRow } from "./payout-states.ts";

/**
 * The bank could not make a transfer (振込不能 / 組戻し): the payout FAILS with the bank's reason,
 * its money (fee included) returns to the proceeds, the member is told and finance sees an alert.
 * By an operator reading the bank's notice, or by the bank sync with `actor` null.
 */
export async function recordBankReturn(
  ctx: CoreContext,
  actor: OfficeActor | null,
  o: { payoutId: number; reason: string; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = actor ? await authorize(ctx, actor, "payouts:run") : null;
  const reason = parseOfficeReason({ reason: o.reason });
  const p = await loadPayout(ctx.db, o.payoutId);
  if (p.method !== "bank" || p.state !== "SENT") {
    if (p.state === "FAILED") return p;
    throw new AppError("CONFLICT", { message: msg("balance.office.errors.notSent") });
  }
  const moved = await returnPayout(ctx, p.id, "fail", {
    ...(operator ? { actor: { role: "operator" as const, id: operator.id } } : {}),
    reason,
    failureReason: reason,
  });
  await recordAudit(ctx, {
    operator,
    action: "payouts:return",
    target: { type: "payout", id: p.id },
    changes: { state: ["SENT", "FAILED"] },
    reason,
    meta: o.meta,
  });
  await raiseMoneyAlert(ctx, {
    kind: "payout_failed",
    userId: p.userId,
    refs: { payoutId: p.id },
    dedupeKey: `payout:${p.id}:failed`,
    detail: reason,
  });
  await balanceNotice(ctx, {
    userId: p.userId,
    event: "payout_returned",
    amount: p.amount + p.fee,
    refs: { payoutId: p.id },
  });
  return moved;
}
