import { asc } from "drizzle-orm";
import { mediaAuthors } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { requireOperator } from "./operators.ts";
import { type AuthorCard, authorCard } from "./post-view.ts";
import { createPreviewToken } from "./preview-token.ts";

/** Every author profile, drafts included, each with a preview token: the editor's list and picker. */
export async function listAuthors(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock" | "secret">,
  o: { actor: SessionUser | null },
): Promise<(AuthorCard & { previewToken: string })[]> {
  await requireOperator(ctx, o.actor);
  const rows = await ctx.db.select().from(mediaAuthors).orderBy(asc(mediaAuthors.name));
  return rows.map((a) => ({
    ...authorCard(ctx, a),
    previewToken: createPreviewToken(ctx, { subject: "author", id: a.id }),
  }));
}
