import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { items, likes } from "#db/schema/index.ts";
import { cardColumns, withThumbs } from "../catalog/item-card.ts";
import { PUBLIC_STATES } from "../catalog/item-states.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { assertNotBlocked } from "./blocking.ts";
import { parseTimeCursor, timeCursor } from "./cursor.ts";
import { assertMember } from "./members-only.ts";

const OWN_ITEM = msg("social.likeOwnItem");

/** Likes a public listing (again is a no-op) and returns the new count. */
export async function likeItem(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<{ likeCount: number; liked: true }> {
  assertMember(o.actor);
  const [item] = await ctx.db
    .select({ id: items.id, sellerId: items.sellerId, state: items.state, title: items.title })
    .from(items)
    .where(eq(items.id, o.itemId));
  if (!item || !PUBLIC_STATES.includes(item.state)) throw new AppError("NOT_FOUND");
  if (item.sellerId === o.actor.id) throw new AppError("CONFLICT", { message: OWN_ITEM });
  await assertNotBlocked(ctx, { ownerId: item.sellerId, actorId: o.actor.id });
  const result = await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(likes)
      .values({ userId: o.actor.id, itemId: item.id, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    const [row] = added.length
      ? await tx
          .update(items)
          .set({ likeCount: sql`${items.likeCount} + 1` })
          .where(eq(items.id, item.id))
          .returning({ likeCount: items.likeCount })
      : await tx.select({ likeCount: items.likeCount }).from(items).where(eq(items.id, item.id));
    return { likeCount: row!.likeCount, added: added.length > 0 };
  });
  if (result.added) {
    await notify(ctx, {
      userId: item.sellerId,
      kind: "like",
      payload: { itemId: item.id, title: item.title, by: o.actor.nickname },
    });
  }
  return { likeCount: result.likeCount, liked: true };
}

export async function unlikeItem(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<{ likeCount: number; liked: false }> {
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.userId, o.actor.id), eq(likes.itemId, o.itemId)))
      .returning();
    const [row] = removed.length
      ? await tx
          .update(items)
          .set({ likeCount: sql`greatest(${items.likeCount} - 1, 0)` })
          .where(eq(items.id, o.itemId))
          .returning({ likeCount: items.likeCount })
      : await tx.select({ likeCount: items.likeCount }).from(items).where(eq(items.id, o.itemId));
    if (!row) throw new AppError("NOT_FOUND");
    return { likeCount: row.likeCount, liked: false as const };
  });
}

/**
 * The listings a member liked, most recent like first. The cursor is the last like's time with its
 * item id, so likes made in the same millisecond are neither lost nor repeated across pages.
 */
export async function likedItems(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: { userId: number; before?: string | undefined; limit?: number },
) {
  const limit = o.limit ?? 30;
  const before = parseTimeCursor(o.before);
  const rows = await ctx.db
    .select({ ...cardColumns, likedAt: likes.createdAt })
    .from(likes)
    .innerJoin(items, eq(items.id, likes.itemId))
    .where(
      and(
        eq(likes.userId, o.userId),
        inArray(items.state, [...PUBLIC_STATES]),
        before
          ? or(
              lt(likes.createdAt, before.at),
              and(eq(likes.createdAt, before.at), lt(likes.itemId, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(likes.createdAt), desc(likes.itemId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: withThumbs(
      ctx,
      page.map(({ likedAt: _, ...card }) => card),
    ),
    nextCursor: rows.length > limit && last ? timeCursor(last.likedAt, last.id) : null,
  };
}
