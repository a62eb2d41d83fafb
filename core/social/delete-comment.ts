import { and, eq, sql } from "drizzle-orm";
import { comments, items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";

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
