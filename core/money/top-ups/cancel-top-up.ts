import { and, eq } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { applyVoucher } from "./apply-voucher.ts";
import { moveTopUp } from "./move-top-up.ts";
import { TOP_UP_MESSAGES } from "./start-voucher-top-up.ts";
import type { TopUpRow } from "./top-up-states.ts";

/**
 * The member withdraws a voucher they will not pay (to choose another store or amount). The
 * provider is asked first: a voucher paid meanwhile is credited instead of cancelled.
 */
export async function cancelTopUp(
  ctx: CoreContext,
  o: { userId: number; topUpId: number },
): Promise<TopUpRow> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, o.topUpId), eq(topUps.userId, o.userId)));
  if (!row) throw new AppError("NOT_FOUND", { message: TOP_UP_MESSAGES.notFound });
  if (row.state !== "PENDING" || row.method === "card") {
    return moveTopUp(ctx, row, "cancel", { actor: { role: "member", id: o.userId } });
  }
  if (row.providerPaymentId) {
    const voucher = await ctx.vouchers.cancelVoucher(row.providerPaymentId);
    if (voucher.status === "paid") return applyVoucher(ctx, row.id, voucher);
  }
  return moveTopUp(ctx, row, "cancel", { actor: { role: "member", id: o.userId } });
}
