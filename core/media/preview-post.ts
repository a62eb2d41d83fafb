import { and, eq } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { PostKind } from "./post-kinds.ts";
import { type PostDetail, postDetail } from "./post-view.ts";
import { readPreviewToken } from "./preview-token.ts";

/**
 * The post a preview token names, as it is saved now (draft, scheduled or published). A missing,
 * forged, expired or other-kind token shows nothing: NOT_FOUND, as for a page that does not exist.
 */
export async function previewPost(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock" | "secret">,
  o: { kind: PostKind; token: string | null },
): Promise<PostDetail> {
  const id = readPreviewToken(ctx, { subject: o.kind, token: o.token });
  if (id === null) throw new AppError("NOT_FOUND");
  const [row] = await ctx.db
    .select({ post: mediaPosts, author: mediaAuthors })
    .from(mediaPosts)
    .leftJoin(mediaAuthors, eq(mediaAuthors.id, mediaPosts.authorId))
    .where(and(eq(mediaPosts.id, id), eq(mediaPosts.kind, o.kind)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return postDetail(ctx, row.post, row.author);
}
