import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { comments, users } from "#db/schema/index.ts";
import { PUBLIC_STATES } from "../catalog/item-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { loadItem } from "./comments.ts";

/**
 * Comments oldest first, page by page (the cursor is the last id seen). With `viewerId` (null for
 * a visitor) the listing must exist and be visible to that viewer, else NOT_FOUND; a caller that
 * has already loaded the listing for its viewer may leave it out.
 */
export async function listComments(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { itemId: number; after?: number | undefined; limit?: number; viewerId?: number | null },
) {
  const limit = o.limit ?? 50;
  if (o.viewerId !== undefined) {
    const item = await loadItem(ctx, o.itemId);
    if (!item || (item.sellerId !== o.viewerId && !PUBLIC_STATES.includes(item.state))) {
      throw new AppError("NOT_FOUND");
    }
  }
  const rows = await ctx.db
    .select({
      id: comments.id,
      body: comments.body,
      createdAt: comments.createdAt,
      authorId: users.id,
      authorNickname: users.nickname,
      authorAvatarKey: users.avatarKey,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.itemId, o.itemId),
        // Comments hidden by trust and safety are no one's to read (their author was told why).
        isNull(comments.hiddenAt),
        o.after ? gt(comments.id, o.after) : undefined,
      ),
    )
    .orderBy(asc(comments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ authorAvatarKey, ...c }) => ({
    ...c,
    authorAvatarUrl: authorAvatarKey ? ctx.blobs.url(`${authorAvatarKey}-thumb.webp`) : null,
  }));
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}
