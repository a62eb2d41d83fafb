import { and, eq, isNull } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { getAddress } from "./get-address.ts";
import { getBankAccount } from "./get-bank-account.ts";

/** True until the member has been through the seller setup flow once. */
export async function needsSellerSetup(ctx: Pick<CoreContext, "db">, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ sellerSetupAt: users.sellerSetupAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !row?.sellerSetupAt;
}

/**
 * Finishes the setup flow once an address and a payout account are saved: answers the first step
 * still missing instead, so the flow can send the member back to it. Repeating it changes nothing.
 */
export async function completeSellerSetup(
  ctx: Pick<CoreContext, "db" | "clock">,
  userId: number,
): Promise<{ completedAt: Date } | { missing: "address" | "bank-account" }> {
  if (!(await getAddress(ctx, userId))) return { missing: "address" };
  if (!(await getBankAccount(ctx, userId))) return { missing: "bank-account" };
  const now = ctx.clock.now();
  await ctx.db
    .update(users)
    .set({ sellerSetupAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.sellerSetupAt)));
  const [row] = await ctx.db
    .select({ sellerSetupAt: users.sellerSetupAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { completedAt: row?.sellerSetupAt ?? now };
}
