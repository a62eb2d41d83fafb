import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

/**
 * Whether the member passed an identity check (eKYC). Listing above the price restriction
 * threshold (¥49,999) and selling to the buyback service need it.
 */
export async function isIdentityVerified(ctx: Pick<CoreContext, "db">, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ verifiedAt: users.identityVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.verifiedAt);
}
