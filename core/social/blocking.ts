import { and, eq } from "drizzle-orm";
import { blocks } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

export const BLOCKED = msg("social.blocked");

export async function isBlockedBy(
  ctx: Pick<CoreContext, "db">,
  o: { blockerId: number; userId: number },
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ b: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, o.blockerId), eq(blocks.blockedId, o.userId)))
    .limit(1);
  return row !== undefined;
}

/** Refuses when `ownerId` has blocked `actorId`: the rule for comments, likes, purchases and follows. */
export async function assertNotBlocked(
  ctx: Pick<CoreContext, "db">,
  o: { ownerId: number; actorId: number },
): Promise<void> {
  if (await isBlockedBy(ctx, { blockerId: o.ownerId, userId: o.actorId })) {
    throw new AppError("FORBIDDEN", { message: BLOCKED });
  }
}
