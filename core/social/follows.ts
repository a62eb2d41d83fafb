import { and, desc, eq, lt, or } from "drizzle-orm";
import { follows, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { assertNotBlocked, isBlockedBy } from "./blocking.ts";
import { parseTimeCursor, timeCursor } from "./cursor.ts";
import { assertMember } from "./members-only.ts";

const SELF = msg("social.followSelf");
const YOU_BLOCKED = msg("social.followBlocked");

export async function followUser(ctx: CoreContext, o: { actor: SessionUser; userId: number }): Promise<void> {
  assertMember(o.actor);
  if (o.userId === o.actor.id) throw new AppError("CONFLICT", { message: SELF });
  const [target] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, o.userId));
  // Only members have a public profile to follow.
  if (target?.role !== "member") throw new AppError("NOT_FOUND");
  await assertNotBlocked(ctx, { ownerId: o.userId, actorId: o.actor.id });
  // A block drops follows both ways; following someone one has blocked would undo that.
  if (await isBlockedBy(ctx, { blockerId: o.actor.id, userId: o.userId })) {
    throw new AppError("CONFLICT", { message: YOU_BLOCKED });
  }
  const added = await ctx.db
    .insert(follows)
    .values({ followerId: o.actor.id, followeeId: o.userId, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (added.length) {
    await notify(ctx, {
      userId: o.userId,
      kind: "follow",
      payload: { userId: o.actor.id, by: o.actor.nickname },
    });
  }
}

export async function unfollowUser(
  ctx: CoreContext,
  o: { actor: SessionUser; userId: number },
): Promise<void> {
  await ctx.db
    .delete(follows)
    .where(and(eq(follows.followerId, o.actor.id), eq(follows.followeeId, o.userId)));
}

export type PersonCard = { id: number; nickname: string; avatarUrl: string | null };

/**
 * Followers or followed members of a user, newest first. The cursor is the last follow's time
 * with the other member's id, so follows made in the same millisecond are neither lost nor repeated.
 */
export async function listFollows(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { userId: number; direction: "followers" | "follows"; before?: string | undefined; limit?: number },
): Promise<{ items: PersonCard[]; nextCursor: string | null }> {
  const limit = o.limit ?? 30;
  const before = parseTimeCursor(o.before);
  const mine = o.direction === "followers" ? follows.followeeId : follows.followerId;
  const other = o.direction === "followers" ? follows.followerId : follows.followeeId;
  const rows = await ctx.db
    .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey, at: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(mine, o.userId),
        before
          ? or(lt(follows.createdAt, before.at), and(eq(follows.createdAt, before.at), lt(other, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      avatarUrl: r.avatarKey ? ctx.blobs.url(`${r.avatarKey}-thumb.webp`) : null,
    })),
    nextCursor: rows.length > limit && last ? timeCursor(last.at, last.id) : null,
  };
}

export async function isFollowing(
  ctx: Pick<CoreContext, "db">,
  o: { followerId: number; userId: number },
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ f: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, o.followerId), eq(follows.followeeId, o.userId)));
  return row !== undefined;
}

/** Removes follows in both directions (used when one blocks the other). */
export async function dropFollowsBetween(ctx: Pick<CoreContext, "db">, a: number, b: number): Promise<void> {
  await ctx.db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}
