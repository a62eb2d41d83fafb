import { and, eq } from "drizzle-orm";
import { mediaAuthors } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type AuthorCard, authorCard } from "./post-view.ts";
import { readPreviewToken } from "./preview-token.ts";

/**
 * An author by slug (public profiles only), or, with `token`, the profile a preview token names,
 * public or not. Anything else is NOT_FOUND.
 */
export async function getAuthor(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock" | "secret">,
  o: { slug: string } | { token: string | null },
): Promise<AuthorCard> {
  const previewId = "token" in o ? readPreviewToken(ctx, { subject: "author", token: o.token }) : null;
  if ("token" in o && previewId === null) throw new AppError("NOT_FOUND");
  const where =
    previewId !== null
      ? eq(mediaAuthors.id, previewId)
      : and(eq(mediaAuthors.slug, "slug" in o ? o.slug : ""), eq(mediaAuthors.state, "published"));
  const [row] = await ctx.db.select().from(mediaAuthors).where(where).limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return authorCard(ctx, row);
}
