import { z } from "zod";
import type { Localized } from "../shared/locale.ts";
import { type Rule, report } from "../shared/validation/issues.ts";
import { maxLength, required, text } from "../shared/validation/rules.ts";

const POST_KINDS = ["article", "news"] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Where each kind of post lives (unprefixed, §2). */
const POST_SECTION: Record<PostKind, "articles" | "news"> = { article: "articles", news: "news" };

/** A post's address (the media live outside the language prefix); pure, so pages' scripts may use it. */
export function postPath(kind: PostKind, slug: string): string {
  return `/${POST_SECTION[kind]}/${slug}/`;
}

const ARTICLE_CATEGORIES = [
  { code: "guide", label: { ja: "売り方・買い方ガイド", en: "Buying and selling guides" } },
  { code: "repair", label: { ja: "修理・メンテナンス", en: "Repair and care" } },
  { code: "device", label: { ja: "端末の選び方", en: "Choosing a device" } },
  { code: "security", label: { ja: "データとセキュリティ", en: "Data and security" } },
  { code: "sustainability", label: { ja: "リユースと環境", en: "Reuse and the environment" } },
] as const;

const NEWS_CATEGORIES = [
  { code: "notice", label: { ja: "お知らせ", en: "Notice" } },
  { code: "release", label: { ja: "プレスリリース", en: "Press release" } },
  { code: "feature", label: { ja: "新機能", en: "New feature" } },
  { code: "maintenance", label: { ja: "メンテナンス", en: "Maintenance" } },
] as const;

export const CATEGORIES_OF: Record<PostKind, readonly { code: string; label: Localized }[]> = {
  article: ARTICLE_CATEGORIES,
  news: NEWS_CATEGORIES,
};

export function categoryLabel(kind: PostKind, code: string): Localized {
  return CATEGORIES_OF[kind].find((c) => c.code === code)?.label ?? { ja: code, en: code };
}

/** Path segments the media's own routes use; no post or author may take them as a slug. */
const RESERVED_SLUGS = new Set(["draft", "page", "feed.xml"]);

/** A URL segment: lowercase letters, digits and single hyphens, 1–80 characters, not a reserved word. */
function slugRule(): Rule<string> {
  return (payload) => {
    const v = payload.value;
    if (v === "") return;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) || v.length > 80 || RESERVED_SLUGS.has(v))
      report(payload, "slug");
  };
}

export const MEDIA_FIELD_LABELS: Record<string, Localized> = {
  kind: { ja: "種類", en: "Kind" },
  slug: { ja: "スラッグ", en: "Slug" },
  title: { ja: "タイトル", en: "Title" },
  description: { ja: "概要", en: "Description" },
  body: { ja: "本文", en: "Body" },
  authorId: { ja: "著者", en: "Author" },
  category: { ja: "カテゴリ", en: "Category" },
  tags: { ja: "タグ", en: "Tags" },
  ogImageKey: { ja: "OGP画像", en: "Sharing image" },
  publishAt: { ja: "公開日時", en: "Publish at" },
  name: { ja: "名前", en: "Name" },
  role: { ja: "肩書き", en: "Role" },
  bio: { ja: "紹介文", en: "Biography" },
  avatarKey: { ja: "プロフィール画像", en: "Portrait" },
};

/** Tags typed as one line, separated by commas (either width) or spaces: at most 8, each ≤ 20 characters. */
const tagsField = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((v) =>
    [
      ...new Set(
        (Array.isArray(v) ? v : (v ?? "").split(/[,、，\s\u3000]+/)).map((t) => t.trim()).filter(Boolean),
      ),
    ].slice(0, 8),
  )
  .pipe(z.array(z.string().max(20)));

/** A key of an image uploaded through the media image upload, or nothing. */
const mediaImageKey = z
  .string()
  .nullish()
  .transform((v) => (v ?? "").trim() || null)
  .pipe(
    z
      .string()
      .regex(/^media\/[a-f0-9]{32}$/)
      .nullable(),
  );

export const ZPostDraft = z.object({
  kind: z.enum(POST_KINDS),
  slug: text(required(), slugRule()),
  title: text(required(), maxLength(120)),
  description: text(maxLength(300)),
  body: text(maxLength(100_000)),
  authorId: z.coerce.number().int().positive().nullish().catch(null),
  category: text(required()),
  tags: tagsField,
  /** A key of an image uploaded through the media image upload, or nothing. */
  ogImageKey: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim() || null)
    .pipe(
      z
        .string()
        .regex(/^media\/[a-f0-9]{32}$/)
        .nullable(),
    ),
});

export const ZAuthorDraft = z.object({
  slug: text(required(), slugRule()),
  name: text(required(), maxLength(60)),
  role: text(maxLength(60)),
  bio: text(maxLength(1000)),
  avatarKey: mediaImageKey,
});
