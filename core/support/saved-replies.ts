import { asc, eq } from "drizzle-orm";
import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { SUPPORT_LABELS, ZSavedReplyInput } from "./fields.ts";

export type SavedReply = typeof savedReplies.$inferSelect;

const NOT_FOUND = msg("support.errors.savedReplyNotFound");
const EDITABLE = ["titleJa", "titleEn", "bodyJa", "bodyEn"] as const;

function editable(row: Pick<SavedReply, (typeof EDITABLE)[number]>) {
  return Object.fromEntries(EDITABLE.map((k) => [k, row[k]]));
}

/** Every saved reply, oldest first, for the page that edits them (`replies:manage`). */
export async function listSavedReplies(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<SavedReply[]> {
  await authorize(ctx, o.actor, "replies:manage");
  return ctx.db.select().from(savedReplies).orderBy(asc(savedReplies.id));
}

/** One saved reply to edit (`replies:manage`). */
export async function getSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number },
): Promise<SavedReply> {
  await authorize(ctx, o.actor, "replies:manage");
  const [row] = await ctx.db.select().from(savedReplies).where(eq(savedReplies.id, o.id));
  if (!row) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
  return row;
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

/** Adds a saved reply in both languages; audited with what it says. */
export async function createSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: unknown; meta?: RequestMeta | undefined },
): Promise<SavedReply> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  const input = parseInput(ZSavedReplyInput, o.input, SUPPORT_LABELS);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(savedReplies)
      .values({ ...input, updatedBy: operator.id, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:create",
        target: { type: "saved_reply", id: row!.id },
        changes: diffFields(null, editable(input)),
        meta: o.meta,
      },
    );
    return row!;
  });
}

/** Rewrites a saved reply; the audit entry holds each changed field before and after. */
export async function updateSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<SavedReply> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  const input = parseInput(ZSavedReplyInput, o.input, SUPPORT_LABELS);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(savedReplies).where(eq(savedReplies.id, o.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    const changes = diffFields(editable(before), editable(input));
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx
      .update(savedReplies)
      .set({ ...input, updatedBy: operator.id, updatedAt: ctx.clock.now() })
      .where(eq(savedReplies.id, o.id))
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:update",
        target: { type: "saved_reply", id: o.id },
        changes,
        meta: o.meta,
      },
    );
    return row!;
  });
}

/** Deletes a saved reply; the audit entry keeps what it said. Answers already sent keep their text. */
export async function deleteSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; meta?: RequestMeta | undefined },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(savedReplies).where(eq(savedReplies.id, o.id)).returning();
    if (!before) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:delete",
        target: { type: "saved_reply", id: o.id },
        changes: diffFields(editable(before), null),
        meta: o.meta,
      },
    );
  });
}
