import { and, eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import { needsSellerSetup } from "../account/seller-setup.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { changeItemState } from "./change-item-state.ts";
import { loadOwnItem, type SaveItemOptions, saveItem } from "./save-item.ts";

const NOT_REQUESTED = msg("listing.publishAfterSetup.notRequested");

/**
 * Saves the sell or edit form. Publishing before the seller setup keeps the listing as a draft and
 * marks it to be published when the setup ends (`setupFirst`); otherwise it is `saveItem` itself.
 */
export async function saveListing(
  ctx: CoreContext,
  o: SaveItemOptions,
): Promise<{ id: number; state: string; setupFirst: boolean }> {
  const setupFirst = o.publish && (await needsSellerSetup(ctx, o.actor.id));
  const saved = await saveItem(ctx, { ...o, publish: o.publish && !setupFirst });
  if (setupFirst) await requestPublishAfterSetup(ctx, { actor: o.actor, itemId: saved.id });
  return { ...saved, setupFirst };
}

/** The seller asks to publish their own draft once their seller setup is done (the mark `publishAfterSetup` needs). */
export async function requestPublishAfterSetup(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<void> {
  const item = await loadOwnItem(ctx, o.actor.id, o.itemId);
  if (item.state !== "DRAFT") throw new AppError("CONFLICT", { message: NOT_REQUESTED });
  await ctx.db
    .update(items)
    .set({ publishRequestedAt: ctx.clock.now() })
    .where(and(eq(items.id, item.id), eq(items.state, "DRAFT")));
}

/**
 * At the end of the seller setup: publishes the draft the seller asked to publish before it. Only
 * their own listing, only while it is still a draft with that request on it, and checked again as
 * a complete listing (exactly as the 出品する button of the listing's page would); the request is
 * cleared by the save that publishes it.
 */
export async function publishAfterSetup(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<{ state: string }> {
  const item = await loadOwnItem(ctx, o.actor.id, o.itemId);
  if (item.state !== "DRAFT" || item.publishRequestedAt === null)
    throw new AppError("CONFLICT", { message: NOT_REQUESTED });
  return changeItemState(ctx, { actor: o.actor, itemId: item.id, action: "publish" });
}
