import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { comments, items, users } from "#db/schema/index.ts";
import type { ItemState } from "../catalog/item-states.ts";
import { COMMENTABLE_STATES, PUBLIC_STATES } from "../catalog/item-states.ts";
import { COMMENT_MAX } from "../catalog/limits.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import { assertNotBlocked } from "./blocking.ts";
import { assertMember } from "./members-only.ts";

export const ZComment = z.object({ body: text(required(), maxLength(COMMENT_MAX), printSafeText()) });
export const COMMENT_LABELS: Record<string, Message> = { body: msg("social.fields.body") };
const CLOSED = msg("social.commentsClosed");

/** Whether a listing in this state takes new comments (a sold one no longer does). */
export function isCommentable(state: ItemState): boolean {
  return COMMENTABLE_STATES.includes(state);
}

async function loadItem(ctx: Pick<CoreContext, "db">, itemId: number) {
  const [item] = await ctx.db
    .select({ id: items.id, sellerId: items.sellerId, state: items.state, title: items.title })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  return item ?? null;
}

/** A question or answer under a listing. Not on drafts, private or sold listings, nor by a blocked member. */
export async function postComment(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; input: z.input<typeof ZComment> },
) {
  assertMember(o.actor);
  const { body } = parseInput(ZComment, o.input, COMMENT_LABELS);
  const item = await loadItem(ctx, o.itemId);
  if (!item || !PUBLIC_STATES.includes(item.state)) throw new AppError("NOT_FOUND");
  if (!isCommentable(item.state)) throw new AppError("CONFLICT", { message: CLOSED });
  await assertNotBlocked(ctx, { ownerId: item.sellerId, actorId: o.actor.id });
  const now = ctx.clock.now();
  const comment = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ itemId: item.id, authorId: o.actor.id, body, createdAt: now })
      .returning();
    await tx
      .update(items)
      .set({ commentCount: sql`${items.commentCount} + 1` })
      .where(eq(items.id, item.id));
    return row!;
  });
  if (item.sellerId !== o.actor.id) {
    await notify(ctx, {
      userId: item.sellerId,
      kind: "comment",
      payload: { itemId: item.id, title: item.title, commentId: comment.id, by: o.actor.nickname },
    });
  }
  return comment;
}

/** The author may delete their own comment; the seller may delete any comment on their listing. */
/** The author may delete their own comment, and the seller any comment on their listing. */
export function mayDeleteComment(
  viewerId: number | null,
  c: { authorId: number; sellerId: number },
): boolean {
  return viewerId !== null && (viewerId === c.authorId || viewerId === c.sellerId);
}

export async function deleteComment(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; commentId: number },
) {
  const [row] = await ctx.db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      sellerId: items.sellerId,
      hiddenAt: comments.hiddenAt,
    })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(and(eq(comments.id, o.commentId), eq(comments.itemId, o.itemId)))
    .limit(1);
  // A comment hidden by trust and safety is no one's to see, nor to delete: it is the decision's evidence.
  if (!row || row.hiddenAt) throw new AppError("NOT_FOUND");
  if (!mayDeleteComment(o.actor.id, row)) throw new AppError("FORBIDDEN");
  await ctx.db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, row.id));
    await tx
      .update(items)
      .set({ commentCount: sql`greatest(${items.commentCount} - 1, 0)` })
      .where(eq(items.id, o.itemId));
  });
}

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
