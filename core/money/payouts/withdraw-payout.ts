import { and, eq } from "drizzle-orm";
import { payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { applyAtmCode } from "./dispatch-payout.ts";
import { returnPayout } from "./payout-ledger.ts";
import type { PayoutRow } from "./payout-states.ts";
import { PAYOUT_MESSAGES } from "./request-payout.ts";

/**
 * The member withdraws a payout that has not left: an unused ATM code (the provider withdraws it
 * first; one used meanwhile is paid instead), or a bank payout not yet in a run (waiting for
 * finance's approval or not). The money goes
 * back to the proceeds at once.
 */
export async function withdrawPayout(
  ctx: CoreContext,
  o: { userId: number; payoutId: number },
): Promise<PayoutRow> {
  const [p] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, o.payoutId), eq(payouts.userId, o.userId)));
  if (!p) throw new AppError("NOT_FOUND", { message: PAYOUT_MESSAGES.notFound });
  const actor = { role: "member" as const, id: o.userId };
  if (p.method === "seven" && p.state === "ISSUED" && p.providerRef) {
    const code = await ctx.atm.cancel(p.providerRef);
    if (code.status !== "cancelled") return applyAtmCode(ctx, p.id, code);
  }
  if (p.method === "kyash") throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.notCancellable });
  return returnPayout(ctx, p.id, "cancel", { actor, reason: "withdrawn by the member" });
}
