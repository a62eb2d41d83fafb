import { asc } from "drizzle-orm";
import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Locale } from "../shared/locale.ts";
import { authorize } from "../staff/authorize.ts";
import type { SavedReply } from "./saved-replies.ts";

/** Every saved reply, oldest first, for the page that edits them (`replies:manage`). */
export async function listSavedReplies(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<SavedReply[]> {
  await authorize(ctx, o.actor, "replies:manage");
  return ctx.db.select().from(savedReplies).orderBy(asc(savedReplies.id));
}

/**
 * What the answer form offers (`support:answer`): each saved reply's title and text in one
 * language, the one the member wrote in.
 */
export async function savedRepliesFor(
  ctx: CoreContext,
  o: { actor: SessionUser | null; locale: Locale },
): Promise<{ id: number; title: string; body: string }[]> {
  await authorize(ctx, o.actor, "support:answer");
  const rows = await ctx.db.select().from(savedReplies).orderBy(asc(savedReplies.id));
  return rows.map((r) => ({
    id: r.id,
    title: o.locale === "en" ? r.titleEn : r.titleJa,
    body: o.locale === "en" ? r.bodyEn : r.bodyJa,
  }));
}
