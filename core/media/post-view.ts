import { and, eq, lte, type SQL } from "drizzle-orm";
import { type mediaAuthors, mediaPosts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { ImageRendition } from "../storage/images.ts";
import { type PostKind, postPath } from "./post-kinds.ts";
import { readingMinutes, renderMarkdown } from "./render-markdown.ts";

/** Pictures for articles (body images, sharing images) and author portraits. */
export const MEDIA_IMAGE_RENDITIONS: ImageRendition[] = [
  { name: "small", maxSize: 480 },
  { name: "large", maxSize: 1600 },
];

/** Posts per page on `/articles/`, `/news/` and author pages. */
export const MEDIA_PAGE_SIZE = 12;

export type PostRow = typeof mediaPosts.$inferSelect;
export type AuthorRow = typeof mediaAuthors.$inferSelect;

export type AuthorCard = {
  id: number;
  slug: string;
  name: string;
  role: string;
  bio: string;
  avatarUrl: string | null;
  /** Whether `/authors/{slug}/` shows this author to everyone. */
  published: boolean;
};

export type PostSummary = {
  id: number;
  kind: PostKind;
  slug: string;
  path: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  imageUrl: string | null;
  readingMinutes: number;
  author: AuthorCard | null;
};

export type PostDetail = PostSummary & { html: string; state: PostRow["state"] };

/** Public posts: published, and their time has come (a later time is a schedule). */
export function isPublic(ctx: Pick<CoreContext, "clock">): SQL {
  return and(eq(mediaPosts.state, "published"), lte(mediaPosts.publishedAt, ctx.clock.now())) as SQL;
}

export function mediaImageUrl(ctx: Pick<CoreContext, "blobs">, key: string | null, size: "small" | "large") {
  return key ? ctx.blobs.url(`${key}-${size}.webp`) : null;
}

export function authorCard(ctx: Pick<CoreContext, "blobs">, a: AuthorRow): AuthorCard {
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    role: a.role,
    bio: a.bio,
    avatarUrl: mediaImageUrl(ctx, a.avatarKey, "small"),
    published: a.state === "published",
  };
}

export function postSummary(
  ctx: Pick<CoreContext, "blobs">,
  post: PostRow,
  author: AuthorRow | null,
): PostSummary {
  return {
    id: post.id,
    kind: post.kind,
    slug: post.slug,
    path: postPath(post.kind, post.slug),
    title: post.title,
    description: post.description,
    category: post.category,
    tags: post.tags,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    imageUrl: mediaImageUrl(ctx, post.ogImageKey, "large"),
    readingMinutes: readingMinutes(post.body),
    author: author ? authorCard(ctx, author) : null,
  };
}

export function postDetail(
  ctx: Pick<CoreContext, "blobs">,
  post: PostRow,
  author: AuthorRow | null,
): PostDetail {
  return { ...postSummary(ctx, post, author), html: renderMarkdown(post.body), state: post.state };
}
