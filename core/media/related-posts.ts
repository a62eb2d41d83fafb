import { and, desc, eq, ne, sql } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { isPublic, type PostSummary, postSummary } from "./post-view.ts";

/** Other public posts of the same kind a reader may want next: shared tags first, then the same category. */
export async function relatedPosts(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  post: Pick<PostSummary, "id" | "kind" | "category" | "tags">,
  limit = 3,
): Promise<PostSummary[]> {
  const tags = post.tags.length ? post.tags : [""];
  const score = sql<number>`(cardinality(array(select unnest(${mediaPosts.tags}) intersect select unnest(${sql.param(tags)}::text[]))) * 2 + case when ${mediaPosts.category} = ${post.category} then 1 else 0 end)`;
  const rows = await ctx.db
    .select({ post: mediaPosts, author: mediaAuthors, score })
    .from(mediaPosts)
    .leftJoin(mediaAuthors, eq(mediaAuthors.id, mediaPosts.authorId))
    .where(and(isPublic(ctx), eq(mediaPosts.kind, post.kind), ne(mediaPosts.id, post.id)))
    .orderBy(desc(score), desc(mediaPosts.publishedAt))
    .limit(limit);
  return rows.map((r) => postSummary(ctx, r.post, r.author));
}
