import { and, eq, ne } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordCreation } from "../state/change-state.ts";
import { MEDIA_FIELD_LABELS, ZPostDraft } from "./fields.ts";
import { requireOperator } from "./operators.ts";
import { CATEGORIES_OF } from "./post-kinds.ts";
import { MEDIA_POST_MACHINE } from "./post-states.ts";

/**
 * Creates (no `postId`) or edits an article or news story. A new post starts as a draft, recorded
 * in the post machine's history. Saving never changes whether it is public: publishing, scheduling
 * and unpublishing are `changePostState`. A published post's edits are live at once.
 */
export async function savePost(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser | null; postId?: number; input: unknown },
): Promise<{ id: number }> {
  const operator = await requireOperator(ctx, o.actor);
  const input = parseInput(ZPostDraft, o.input, MEDIA_FIELD_LABELS);
  if (!CATEGORIES_OF[input.kind].some((c) => c.code === input.category)) {
    throw new AppError("VALIDATION", {
      fields: { category: msg("posts.errors.chooseCategory") },
    });
  }
  if (input.authorId) {
    const [author] = await ctx.db
      .select({ id: mediaAuthors.id })
      .from(mediaAuthors)
      .where(eq(mediaAuthors.id, input.authorId));
    if (!author) {
      throw new AppError("VALIDATION", {
        fields: { authorId: msg("posts.errors.chooseAuthor") },
      });
    }
  }
  const [taken] = await ctx.db
    .select({ id: mediaPosts.id })
    .from(mediaPosts)
    .where(
      and(
        eq(mediaPosts.kind, input.kind),
        eq(mediaPosts.slug, input.slug),
        o.postId ? ne(mediaPosts.id, o.postId) : undefined,
      ),
    );
  if (taken) {
    throw new AppError("CONFLICT", {
      fields: { slug: msg("posts.errors.slugTaken") },
    });
  }
  const values = {
    kind: input.kind,
    slug: input.slug,
    title: input.title,
    description: input.description,
    body: input.body,
    authorId: input.authorId ?? null,
    category: input.category,
    tags: input.tags,
    ogImageKey: input.ogImageKey,
    updatedAt: ctx.clock.now(),
  };
  if (o.postId === undefined) {
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaPosts)
        .values({ ...values, state: "draft", createdBy: operator.id, createdAt: ctx.clock.now() })
        .returning({ id: mediaPosts.id });
      await recordCreation(
        { db: tx, clock: ctx.clock },
        {
          machine: MEDIA_POST_MACHINE,
          id: row!.id,
          state: "draft",
          actor: { role: "operator", id: operator.id },
        },
      );
      return { id: row!.id };
    });
  }
  const [row] = await ctx.db
    .update(mediaPosts)
    .set(values)
    .where(and(eq(mediaPosts.id, o.postId), eq(mediaPosts.kind, input.kind)))
    .returning({ id: mediaPosts.id });
  if (!row) throw new AppError("NOT_FOUND");
  return { id: row.id };
}
