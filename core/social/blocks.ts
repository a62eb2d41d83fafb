import { and, desc, eq } from "drizzle-orm";
import { blocks, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { dropFollowsBetween, type PersonCard } from "./follows.ts";
import { assertMember } from "./members-only.ts";

const SELF = msg("social.blockSelf");

/** Blocks a member: they can no longer comment on, like, buy or follow the blocker's listings or profile. */
export async function blockUser(ctx: CoreContext, o: { actor: SessionUser; userId: number }): Promise<void> {
  assertMember(o.actor);
  if (o.userId === o.actor.id) throw new AppError("CONFLICT", { message: SELF });
  const [target] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, o.userId));
  // Only members have a profile, listings and comments to be blocked from.
  if (target?.role !== "member") throw new AppError("NOT_FOUND");
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(blocks)
      .values({ blockerId: o.actor.id, blockedId: o.userId, createdAt: ctx.clock.now() })
      .onConflictDoNothing();
    await dropFollowsBetween({ db: tx }, o.actor.id, o.userId);
  });
}

export async function unblockUser(
  ctx: CoreContext,
  o: { actor: SessionUser; userId: number },
): Promise<void> {
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, o.actor.id), eq(blocks.blockedId, o.userId)));
}

export async function listBlockedUsers(
  ctx: Pick<CoreContext, "db" | "blobs">,
  userId: number,
): Promise<PersonCard[]> {
  const rows = await ctx.db
    .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    avatarUrl: r.avatarKey ? ctx.blobs.url(`${r.avatarKey}-thumb.webp`) : null,
  }));
}
