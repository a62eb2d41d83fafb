import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";

export type Account = Pick<
  typeof users.$inferSelect,
  "id" | "email" | "nickname" | "role" | "locale" | "createdAt"
>;

/** The account as its owner sees it. */
export async function getAccount(ctx: Pick<CoreContext, "db">, userId: number): Promise<Account> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      role: users.role,
      locale: users.locale,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
