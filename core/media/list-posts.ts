import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { PostKind } from "./post-kinds.ts";
import { isPublic, MEDIA_PAGE_SIZE, type PostSummary, postSummary } from "./post-view.ts";

export type PostPage = { posts: PostSummary[]; page: number; pageCount: number; total: number };

/**
 * One numbered page of public posts, newest first: of a kind, or by an author. Page 1 always
 * exists (perhaps empty); a page past the end is NOT_FOUND, so its address is a 404.
 */
export async function listPosts(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: { kind?: PostKind; authorId?: number; page: number; pageSize?: number },
): Promise<PostPage> {
  const size = o.pageSize ?? MEDIA_PAGE_SIZE;
  const where = and(
    isPublic(ctx),
    o.kind ? eq(mediaPosts.kind, o.kind) : undefined,
    o.authorId !== undefined ? eq(mediaPosts.authorId, o.authorId) : undefined,
  ) as SQL;
  const [totals] = await ctx.db.select({ n: count() }).from(mediaPosts).where(where);
  const total = totals?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(o.page) || o.page < 1 || o.page > pageCount) throw new AppError("NOT_FOUND");
  const rows = await ctx.db
    .select({ post: mediaPosts, author: mediaAuthors })
    .from(mediaPosts)
    .leftJoin(mediaAuthors, eq(mediaAuthors.id, mediaPosts.authorId))
    .where(where)
    .orderBy(desc(mediaPosts.publishedAt), desc(mediaPosts.id))
    .limit(size)
    .offset((o.page - 1) * size);
  return { posts: rows.map((r) => postSummary(ctx, r.post, r.author)), page: o.page, pageCount, total };
}
