import { and, eq } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { PostKind } from "./post-kinds.ts";
import { isPublic, type PostDetail, postDetail } from "./post-view.ts";

/** A public article or news story by its slug; drafts and scheduled posts do not exist here. */
export async function getPost(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: { kind: PostKind; slug: string },
): Promise<PostDetail> {
  const [row] = await ctx.db
    .select({ post: mediaPosts, author: mediaAuthors })
    .from(mediaPosts)
    .leftJoin(mediaAuthors, eq(mediaAuthors.id, mediaPosts.authorId))
    .where(and(eq(mediaPosts.kind, o.kind), eq(mediaPosts.slug, o.slug), isPublic(ctx)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return postDetail(ctx, row.post, row.author);
}
