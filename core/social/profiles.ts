import { and, count, desc, eq, inArray, lt, ne } from "drizzle-orm";
import { follows, items, users } from "#db/schema/index.ts";
import { cardColumns, type ItemCard, withThumbs } from "../catalog/item-card.ts";
import type { ItemState } from "../catalog/item-states.ts";
import { SEARCHABLE_STATES } from "../catalog/item-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { isBlockedBy } from "./blocking.ts";
import { isFollowing } from "./follows.ts";

/** NOT_FOUND unless the id names a member: business and staff accounts have no public page. */
export async function assertPublicMember(ctx: Pick<CoreContext, "db">, userId: number): Promise<void> {
  const [user] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.role !== "member") throw new AppError("NOT_FOUND");
}

/** A member's public page: who they are, counts, and what the viewer may do. */
export async function getPublicProfile(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { userId: number; viewerId: number | null },
) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      nickname: users.nickname,
      introduction: users.introduction,
      avatarKey: users.avatarKey,
      role: users.role,
      identityVerifiedAt: users.identityVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, o.userId))
    .limit(1);
  if (user?.role !== "member") throw new AppError("NOT_FOUND");
  const isSelf = o.viewerId === user.id;
  const [[followers], [following], [listings], viewerFollows, viewerBlocked, blockedViewer] =
    await Promise.all([
      ctx.db.select({ n: count() }).from(follows).where(eq(follows.followeeId, user.id)),
      ctx.db.select({ n: count() }).from(follows).where(eq(follows.followerId, user.id)),
      ctx.db
        .select({ n: count() })
        .from(items)
        .where(and(eq(items.sellerId, user.id), inArray(items.state, [...SEARCHABLE_STATES]))),
      o.viewerId && !isSelf ? isFollowing(ctx, { followerId: o.viewerId, userId: user.id }) : false,
      o.viewerId && !isSelf ? isBlockedBy(ctx, { blockerId: o.viewerId, userId: user.id }) : false,
      o.viewerId && !isSelf ? isBlockedBy(ctx, { blockerId: user.id, userId: o.viewerId }) : false,
    ]);
  return {
    id: user.id,
    nickname: user.nickname,
    introduction: user.introduction,
    avatarUrl: user.avatarKey ? ctx.blobs.url(`${user.avatarKey}-thumb.webp`) : null,
    identityVerified: user.identityVerifiedAt !== null,
    memberSince: user.createdAt.toISOString(),
    counts: { followers: followers?.n ?? 0, following: following?.n ?? 0, listings: listings?.n ?? 0 },
    viewer: { isSelf, follows: viewerFollows, blocked: viewerBlocked, blockedByUser: blockedViewer },
  };
}

/**
 * A member's listings, newest first. Others see what is on sale or sold; the member also sees
 * drafts and private listings on their own page (`states`).
 */
export async function listUserItems(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: {
    userId: number;
    states: readonly ItemState[];
    before?: number | undefined;
    limit?: number;
    /** A listing to leave out: the one whose page shows the seller's others. */
    except?: number;
  },
): Promise<{ items: ItemCard[]; nextCursor: string | null }> {
  const limit = o.limit ?? 30;
  const rows = await ctx.db
    .select(cardColumns)
    .from(items)
    .where(
      and(
        eq(items.sellerId, o.userId),
        inArray(items.state, [...o.states]),
        o.before ? lt(items.id, o.before) : undefined,
        o.except ? ne(items.id, o.except) : undefined,
      ),
    )
    .orderBy(desc(items.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: withThumbs(ctx, page),
    nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null,
  };
}
