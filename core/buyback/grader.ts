import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { authorize, type Operator } from "../staff/authorize.ts";

/**
 * The operator behind `graderId`, if their roles grant buyback grading now (read from the database
 * on every call, like `authorize`): members, buyers and other operators get FORBIDDEN.
 */
export async function authorizeGrader(ctx: { db: Db }, graderId: number): Promise<Operator> {
  const [user] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, graderId));
  return authorize(ctx, user ?? null, "buyback:grade");
}
