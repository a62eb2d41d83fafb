import { asc, eq } from "drizzle-orm";
import { mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { postPath } from "./post-kinds.ts";
import { isPublic, MEDIA_PAGE_SIZE } from "./post-view.ts";

export type MediaUrl = { path: string; lastModified: Date };

/**
 * Every public media address with its last change, for the media sitemap: each public article and
 * news story, the section pages and their numbered pages, and each public author's pages.
 */
export async function listPublicMedia(ctx: Pick<CoreContext, "db" | "clock">): Promise<MediaUrl[]> {
  const posts = await ctx.db
    .select({
      kind: mediaPosts.kind,
      slug: mediaPosts.slug,
      updatedAt: mediaPosts.updatedAt,
      authorId: mediaPosts.authorId,
    })
    .from(mediaPosts)
    .where(isPublic(ctx))
    .orderBy(asc(mediaPosts.publishedAt), asc(mediaPosts.id));
  const authors = await ctx.db
    .select({ id: mediaAuthors.id, slug: mediaAuthors.slug, updatedAt: mediaAuthors.updatedAt })
    .from(mediaAuthors)
    .where(eq(mediaAuthors.state, "published"));
  const latest = (list: { updatedAt: Date }[], floor = new Date(0)) =>
    list.reduce((d, p) => (p.updatedAt > d ? p.updatedAt : d), floor);
  const pages = (base: string, n: number, lastModified: Date) =>
    Array.from({ length: Math.max(1, Math.ceil(n / MEDIA_PAGE_SIZE)) }, (_, i) => ({
      path: i === 0 ? base : `${base}page/${i + 1}/`,
      lastModified,
    }));
  const out: MediaUrl[] = [];
  for (const kind of ["article", "news"] as const) {
    const ofKind = posts.filter((p) => p.kind === kind);
    out.push(...pages(kind === "article" ? "/articles/" : "/news/", ofKind.length, latest(ofKind)));
    out.push(...ofKind.map((p) => ({ path: postPath(p.kind, p.slug), lastModified: p.updatedAt })));
  }
  for (const a of authors) {
    const theirs = posts.filter((p) => p.kind === "article" && p.authorId === a.id);
    out.push(...pages(`/authors/${a.slug}/`, theirs.length, latest(theirs, a.updatedAt)));
  }
  return out;
}
