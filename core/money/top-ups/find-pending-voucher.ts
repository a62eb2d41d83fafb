import { and, desc, eq, inArray } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { isVoucher, toView, VOUCHER_METHODS, type VoucherTopUpView } from "./get-top-up.ts";

/** The member's voucher that waits to be paid (there is at most one), or null. */
export async function findPendingVoucher(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<VoucherTopUpView | null> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(
      and(eq(topUps.userId, userId), eq(topUps.state, "PENDING"), inArray(topUps.method, VOUCHER_METHODS)),
    )
    .orderBy(desc(topUps.id))
    .limit(1);
  const view = row ? toView(row) : null;
  return view && isVoucher(view) ? view : null;
}
