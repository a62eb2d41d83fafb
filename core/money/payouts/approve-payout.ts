import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { dispatchPayout } from "./dispatch-payout.ts";
import { loadPayout, movePayout } from "./payout-ledger.ts";
import type { OfficeActor } from "./payout-run.ts";
import type { PayoutRow } from "./payout-states.ts";

/**
 * A finance operator approves a payout above the threshold. Two different operators must: the
 * first approval is recorded and the payout keeps waiting; the second, by someone else, releases
 * it to its provider. The same operator approving twice is refused.
 */
export async function approvePayout(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { payoutId: number; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = await authorize(ctx, actor, "payouts:approve");
  const after = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayout(txCtx.db, o.payoutId, true);
    if (p.state !== "AWAITING_APPROVAL") {
      return movePayout(txCtx, p, "approve", { actor: { role: "operator", id: operator.id } });
    }
    let next: PayoutRow;
    if (p.firstApproverId === null) {
      await tx
        .update(payouts)
        .set({ firstApproverId: operator.id, updatedAt: ctx.clock.now() })
        .where(eq(payouts.id, p.id));
      next = { ...p, firstApproverId: operator.id };
    } else {
      if (p.firstApproverId === operator.id) {
        throw new AppError("CONFLICT", { message: msg("balance.office.errors.secondApprover") });
      }
      next = await movePayout(txCtx, p, "approve", {
        actor: { role: "operator", id: operator.id },
        set: { secondApproverId: operator.id },
      });
    }
    await recordAudit(txCtx, {
      operator,
      action: "payouts:approve",
      target: { type: "payout", id: p.id },
      changes: {
        state: [p.state, next.state],
        approvals: [p.firstApproverId ? 1 : 0, next.secondApproverId ? 2 : 1],
      },
      meta: o.meta,
    });
    return next;
  });
  return after.state === "READY" ? dispatchPayout(ctx, after.id) : after;
}
