import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";

import { type Rule, report } from "../shared/validation/issues.ts";
import { maxLength, required, text } from "../shared/validation/rules.ts";
import { POST_KINDS } from "./post-kinds.ts";

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

export const MEDIA_FIELD_LABELS: Record<string, Message> = {
  kind: msg("posts.fields.kind"),
  slug: msg("posts.fields.slug"),
  title: msg("posts.fields.title"),
  description: msg("posts.fields.description"),
  body: msg("posts.fields.body"),
  authorId: msg("posts.fields.authorId"),
  category: msg("posts.fields.category"),
  tags: msg("posts.fields.tags"),
  ogImageKey: msg("posts.fields.ogImageKey"),
  publishAt: msg("posts.fields.publishAt"),
  name: msg("posts.fields.name"),
  role: msg("posts.fields.role"),
  bio: msg("posts.fields.bio"),
  avatarKey: msg("posts.fields.avatarKey"),
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
