import type { Db } from "../client.ts";
import { mediaAuthors, mediaPosts } from "../schema/index.ts";
import { SEED_AUTHORS, SEED_POSTS } from "./media-articles.ts";

/** Idempotent: authors and posts whose slug exists already are left as they are. */
export async function seedDemoMedia(db: Db): Promise<number> {
  await db
    .insert(mediaAuthors)
    .values(SEED_AUTHORS.map((a) => ({ ...a, state: "published" as const })))
    .onConflictDoNothing();
  const authors = await db.select({ id: mediaAuthors.id, slug: mediaAuthors.slug }).from(mediaAuthors);
  const idOf = (slug: string | null) => (slug ? (authors.find((a) => a.slug === slug)?.id ?? null) : null);
  const rows = await db
    .insert(mediaPosts)
    .values(
      SEED_POSTS.map((p) => ({
        kind: p.kind,
        slug: p.slug,
        title: p.title,
        description: p.description,
        body: p.body,
        category: p.category,
        tags: p.tags,
        authorId: idOf(p.author),
        state: "published" as const,
        publishedAt: new Date(p.publishedAt),
        createdAt: new Date(p.publishedAt),
        updatedAt: new Date(p.publishedAt),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: mediaPosts.id });
  return rows.length;
}
