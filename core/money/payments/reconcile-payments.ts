import { and, inArray, lt } from "drizzle-orm";
import { payments } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { syncPayment } from "./apply-charge.ts";
import type { PaymentPurposes } from "./payment-purpose.ts";
import { OPEN_PAYMENT_STATES, type PaymentRow } from "./payment-states.ts";

/**
 * Brings every payment left open for `staleMs` into agreement with the provider: a hold whose
 * purpose is gone is released, one whose purpose waits is taken, money taken before a crash is
 * settled or refunded, a refund cut short is pushed again, a charge lost with its id is found by
 * our reference (or the payment given up when there is none). Only the payments of the purposes
 * given (each context reconciles its own). Answers how many it looked at.
 */
export async function reconcilePayments(
  ctx: CoreContext,
  purposes: Partial<PaymentPurposes>,
  o: { staleMs: number; onError?: (paymentId: number, error: unknown) => void },
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - o.staleMs);
  const kinds = (Object.keys(purposes) as PaymentRow["purpose"][]).filter((k) => purposes[k]);
  if (kinds.length === 0) return 0;
  const open = await ctx.db
    .select({ id: payments.id, purpose: payments.purpose })
    .from(payments)
    .where(
      and(
        inArray(payments.state, [...OPEN_PAYMENT_STATES]),
        inArray(payments.purpose, kinds),
        lt(payments.updatedAt, cutoff),
      ),
    )
    .orderBy(payments.updatedAt)
    .limit(200);
  for (const p of open) {
    try {
      await syncPayment(ctx, p.id, purposes[p.purpose]!);
    } catch (error) {
      // The provider unreachable, or another server on the same payment: next round.
      o.onError?.(p.id, error);
    }
  }
  return open.length;
}
