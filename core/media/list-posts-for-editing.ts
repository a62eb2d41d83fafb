import { desc, eq } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { requireOperator } from "./operators.ts";
import type { PostKind } from "./post-kinds.ts";

export type EditorPostRow = {
  id: number;
  kind: PostKind;
  slug: string;
  title: string;
  state: "draft" | "published";
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string | null;
  /** draft, scheduled (published with a time still to come) or public. */
  status: "draft" | "scheduled" | "public";
};

/** Every post of a kind, drafts included, most recently edited first: the editor's list. */
export async function listPostsForEditing(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser | null; kind: PostKind },
): Promise<EditorPostRow[]> {
  await requireOperator(ctx, o.actor);
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ post: mediaPosts, authorName: mediaAuthors.name })
    .from(mediaPosts)
    .leftJoin(mediaAuthors, eq(mediaAuthors.id, mediaPosts.authorId))
    .where(eq(mediaPosts.kind, o.kind))
    .orderBy(desc(mediaPosts.updatedAt), desc(mediaPosts.id))
    .limit(500);
  return rows.map(({ post, authorName }) => ({
    id: post.id,
    kind: post.kind,
    slug: post.slug,
    title: post.title,
    state: post.state,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    authorName,
    status:
      post.state === "draft" ? "draft" : post.publishedAt && post.publishedAt > now ? "scheduled" : "public",
  }));
}
