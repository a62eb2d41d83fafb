import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { comments, items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { parseModeration, recordDecision } from "./decisions.ts";

type Options = {
  actor: SessionUser | null;
  commentId: number;
  input: unknown;
  meta?: RequestMeta | undefined;
};
type Result = { decisionId: number; hidden: boolean };

/**
 * Trust and safety hides a comment: it leaves the listing's public comments and their count, and
 * its author is told why. The comment is kept, so a restore brings it back as it was.
 */
export function hideComment(ctx: CoreContext, o: Options): Promise<Result> {
  return moderateComment(ctx, o, true);
}

/** … and shows a hidden comment again. */
export function restoreComment(ctx: CoreContext, o: Options): Promise<Result> {
  return moderateComment(ctx, o, false);
}

async function moderateComment(ctx: CoreContext, o: Options, hide: boolean): Promise<Result> {
  const operator = await authorize(ctx, o.actor, "comments:moderate");
  const action = hide ? "hide_comment" : "restore_comment";
  const { reasonCode, note } = parseModeration(action, o.input);
  return ctx.db.transaction(async (tx) => {
    const [comment] = await tx
      .select({
        id: comments.id,
        authorId: comments.authorId,
        itemId: comments.itemId,
        hiddenAt: comments.hiddenAt,
        title: items.title,
      })
      .from(comments)
      .innerJoin(items, eq(items.id, comments.itemId))
      .where(eq(comments.id, o.commentId))
      .for("update", { of: comments });
    if (!comment) throw new AppError("NOT_FOUND");
    if (hide === (comment.hiddenAt !== null)) {
      throw new AppError("CONFLICT", {
        message: msg(hide ? "moderation.errors.alreadyHidden" : "moderation.errors.notHidden"),
      });
    }
    const deps = { db: tx, clock: ctx.clock };
    const decisionId = await recordDecision(deps, {
      operator,
      action,
      targetType: "comment",
      targetId: comment.id,
      memberId: comment.authorId,
      reasonCode,
      note,
      notice: { title: comment.title, itemId: comment.itemId },
    });
    const now = ctx.clock.now();
    const changed = await tx
      .update(comments)
      .set(
        hide ? { hiddenAt: now, hiddenDecisionId: decisionId } : { hiddenAt: null, hiddenDecisionId: null },
      )
      .where(
        and(eq(comments.id, comment.id), hide ? isNull(comments.hiddenAt) : isNotNull(comments.hiddenAt)),
      )
      .returning({ id: comments.id });
    if (changed.length === 0) throw new AppError("CONFLICT");
    // The listing's count is of the comments everyone sees.
    await tx
      .update(items)
      .set({
        commentCount: hide ? sql`greatest(${items.commentCount} - 1, 0)` : sql`${items.commentCount} + 1`,
      })
      .where(eq(items.id, comment.itemId));
    await recordAudit(deps, {
      operator,
      action: "comments:moderate",
      target: { type: "comment", id: comment.id },
      changes: {
        hiddenAt: [comment.hiddenAt?.toISOString() ?? null, hide ? now.toISOString() : null],
        decisionId: [null, decisionId],
      },
      reason: note,
      meta: o.meta,
    });
    return { decisionId, hidden: hide };
  });
}
