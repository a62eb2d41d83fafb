import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

/** The member's verified mobile number, or null while none has been verified. */
export async function getVerifiedPhone(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<{ phoneNumber: string; verifiedAt: Date } | null> {
  const [row] = await ctx.db
    .select({ phoneNumber: users.phoneNumber, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.phoneNumber && row.verifiedAt
    ? { phoneNumber: row.phoneNumber, verifiedAt: row.verifiedAt }
    : null;
}
