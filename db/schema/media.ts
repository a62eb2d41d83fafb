import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/** People who write the media's articles: shown on author cards and at `/authors/{slug}/`. */
export const mediaAuthors = pgTable(
  "media_authors",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** What the author does ("編集部", "修理技術者"), shown under the name. */
    role: text("role").notNull().default(""),
    bio: text("bio").notNull().default(""),
    avatarKey: text("avatar_key"),
    state: text("state", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_authors_slug_key").on(t.slug),
    check("media_authors_state_check", sql`${t.state} in ('draft', 'published')`),
  ],
);

/**
 * Articles and news stories. A post is public when it is `published` and its `published_at` has
 * come: a later time schedules it. Unpublishing returns it to `draft`.
 */
export const mediaPosts = pgTable(
  "media_posts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["article", "news"] }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Markdown; rendered to sanitized HTML on the way out. */
    body: text("body").notNull().default(""),
    ogImageKey: text("og_image_key"),
    authorId: bigint("author_id", { mode: "number" }).references(() => mediaAuthors.id, {
      onDelete: "set null",
    }),
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    state: text("state", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_posts_kind_slug_key").on(t.kind, t.slug),
    index("media_posts_public_idx").on(t.kind, t.state, t.publishedAt.desc(), t.id.desc()),
    index("media_posts_author_idx").on(t.authorId, t.state, t.publishedAt.desc()),
    check("media_posts_kind_check", sql`${t.kind} in ('article', 'news')`),
    check("media_posts_state_check", sql`${t.state} in ('draft', 'published')`),
    check("media_posts_published_at_check", sql`${t.state} = 'draft' or ${t.publishedAt} is not null`),
  ],
);
