import { and, eq } from "drizzle-orm";
import { buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { acceptanceOf, ERRORS } from "./decide-offer.ts";

/** What the offer page needs before the member accepts: is an identity check needed, and done? */
export async function offerAcceptance(
  ctx: Pick<CoreContext, "db">,
  o: { itemId: number; userId: number },
): Promise<{ identityNeeded: boolean; identityVerified: boolean }> {
  const [item] = await ctx.db
    .select()
    .from(buybackItems)
    .where(and(eq(buybackItems.id, o.itemId), eq(buybackItems.userId, o.userId)));
  if (!item) throw new AppError("NOT_FOUND", { message: ERRORS.notFound });
  const a = await acceptanceOf(ctx, item);
  return { identityNeeded: a.identityNeeded, identityVerified: a.identityVerified };
}
