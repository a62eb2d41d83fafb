import { and, eq, inArray, isNull } from "drizzle-orm";
import sharp from "sharp";
import { MEDIA_IMAGE_RENDITIONS } from "#core/media/post-view.ts";
import type { BlobStore } from "#core/storage/blob-store.ts";
import { storeImage } from "#core/storage/images.ts";
import type { Db } from "../client.ts";
import { mediaAuthors, mediaPosts } from "../schema/index.ts";
import { SEED_AUTHORS, SEED_POSTS, type SeedPost } from "./media-articles.ts";

/** Each article category's colours: background, and the picture's accent. */
const CATEGORY_COLOURS: Record<string, [string, string]> = {
  guide: ["#1f5fbf", "#9cc3ff"],
  repair: ["#b4541a", "#ffc89a"],
  device: ["#2f7d4f", "#a7e3bd"],
  security: ["#4b3b8f", "#c9bcff"],
  sustainability: ["#2d6e6a", "#a6e6df"],
};

/**
 * An article's header picture (1200 × 630, the size pages share): its category's colours, a phone
 * and shapes placed by the article's slug, so each article has its own. Drawn without text, so it
 * needs no fonts.
 */
function headerSvg(post: SeedPost): string {
  const [background, accent] = CATEGORY_COLOURS[post.category] ?? ["#334155", "#cbd5e1"];
  let hash = 0;
  for (const c of post.slug) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const x = 720 + (hash % 160);
  const tilt = (hash % 17) - 8;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const h = (hash >>> (i * 5)) & 1023;
    return `<circle cx="${60 + ((h * 7) % 560)}" cy="${60 + ((h * 13) % 510)}" r="${30 + (h % 90)}" fill="${accent}" opacity="0.${2 + (i % 3)}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="${background}"/>
  ${circles}
  <g transform="rotate(${tilt} ${x + 110} 315)">
    <rect x="${x}" y="95" width="220" height="440" rx="34" fill="#1e293b"/>
    <rect x="${x + 14}" y="120" width="192" height="390" rx="22" fill="${accent}"/>
    <rect x="${x + 80}" y="104" width="60" height="8" rx="4" fill="#475569"/>
  </g>
</svg>`;
}

/**
 * The demo media's authors and posts. Idempotent: authors and posts whose slug exists already are
 * left as they are. Given the blob store, every demo article without a header picture gets one.
 */
export async function seedDemoMedia(db: Db, blobs?: BlobStore): Promise<number> {
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
  if (blobs) {
    const articles = SEED_POSTS.filter((p) => p.kind === "article");
    const bare = await db
      .select({ id: mediaPosts.id, slug: mediaPosts.slug })
      .from(mediaPosts)
      .where(
        and(
          eq(mediaPosts.kind, "article"),
          inArray(
            mediaPosts.slug,
            articles.map((p) => p.slug),
          ),
          isNull(mediaPosts.ogImageKey),
        ),
      );
    for (const row of bare) {
      const post = articles.find((p) => p.slug === row.slug)!;
      const png = await sharp(Buffer.from(headerSvg(post)))
        .png()
        .toBuffer();
      const { key } = await storeImage(
        { blobs },
        { prefix: "media", bytes: new Uint8Array(png), renditions: MEDIA_IMAGE_RENDITIONS },
      );
      await db.update(mediaPosts).set({ ogImageKey: key }).where(eq(mediaPosts.id, row.id));
    }
  }
  return rows.length;
}
