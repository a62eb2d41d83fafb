import { and, eq, ne } from "drizzle-orm";
import { mediaAuthors } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { MEDIA_FIELD_LABELS, ZAuthorDraft } from "./fields.ts";
import { requireOperator } from "./operators.ts";

/**
 * Creates or edits an author profile and sets whether it is public. A draft profile is seen only
 * through a preview token; its articles still show, without a link to the profile.
 */
export async function saveAuthor(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    actor: SessionUser | null;
    authorId?: number;
    input: unknown;
    state: "draft" | "published";
  },
): Promise<{ id: number }> {
  await requireOperator(ctx, o.actor);
  const input = parseInput(ZAuthorDraft, o.input, MEDIA_FIELD_LABELS);
  const [taken] = await ctx.db
    .select({ id: mediaAuthors.id })
    .from(mediaAuthors)
    .where(and(eq(mediaAuthors.slug, input.slug), o.authorId ? ne(mediaAuthors.id, o.authorId) : undefined));
  if (taken) {
    throw new AppError("CONFLICT", {
      fields: { slug: msg("posts.errors.slugTaken") },
    });
  }
  const values = { ...input, state: o.state, updatedAt: ctx.clock.now() };
  if (o.authorId === undefined) {
    const [row] = await ctx.db.insert(mediaAuthors).values(values).returning({ id: mediaAuthors.id });
    return { id: row!.id };
  }
  const [row] = await ctx.db
    .update(mediaAuthors)
    .set(values)
    .where(eq(mediaAuthors.id, o.authorId))
    .returning({ id: mediaAuthors.id });
  if (!row) throw new AppError("NOT_FOUND");
  return { id: row.id };
}
