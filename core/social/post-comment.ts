import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { comments, items } from "#db/schema/index.ts";
import { isCommentable, PUBLIC_STATES } from "../catalog/item-states.ts";
import { COMMENT_MAX } from "../catalog/limits.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import { assertNotBlocked } from "./blocking.ts";
import { loadItem } from "./comments.ts";
import { assertMember } from "./members-only.ts";

export const ZComment = z.object({ body: text(required(), maxLength(COMMENT_MAX), printSafeText()) });

export const COMMENT_LABELS: Record<string, Message> = { body: msg("social.fields.body") };

const CLOSED = msg("social.commentsClosed");

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
