import { and, desc, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import { pushSubscriptions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { pushLikeMailWhenNoneChosen } from "./notification-settings.ts";

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;

/** A browser's subscription as `PushSubscription.toJSON()` gives it: an https endpoint and two keys. */
export const ZPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.object({
    p256dh: z.string().min(40).max(200).regex(BASE64URL),
    auth: z.string().min(8).max(100).regex(BASE64URL),
  }),
});

const ZEndpoint = z.object({ endpoint: z.url().max(2048) });

const LABELS = { endpoint: msg("notifySettings.browserToggle") };

/** A member's browsers that take push, at most; a new one beyond it replaces the oldest. */
export const MAX_PUSH_BROWSERS = 10;

/**
 * Keeps a browser's subscription for the member (the same browser signed in as someone else now
 * belongs to them), and at most MAX_PUSH_BROWSERS of theirs, the newest. The first browser of a member who chose no group for push yet gets push for the
 * groups they take by mail.
 */
export async function addPushSubscription(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser; input: unknown },
): Promise<{ id: number }> {
  const input = parseInput(ZPushSubscription, o.input, LABELS);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({
      userId: o.actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: o.actor.id, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now },
    })
    .returning({ id: pushSubscriptions.id });
  const kept = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, o.actor.id))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_PUSH_BROWSERS);
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, o.actor.id), notInArray(pushSubscriptions.id, kept)));
  await pushLikeMailWhenNoneChosen(ctx, o.actor.id);
  return { id: row!.id };
}

/** Forgets one of the member's browsers; another member's (or an unknown) endpoint is not found. */
export async function removePushSubscription(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; input: unknown },
): Promise<void> {
  const { endpoint } = parseInput(ZEndpoint, o.input, LABELS);
  const deleted = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, o.actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}

/** How many browsers take the member's push notifications. */
export async function pushSubscriptionCount(ctx: Pick<CoreContext, "db">, userId: number): Promise<number> {
  const rows = await ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.length;
}
