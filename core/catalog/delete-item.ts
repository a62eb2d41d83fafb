import { eq } from "drizzle-orm";
import { itemPhotos, items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { deleteImage, ITEM_PHOTO_RENDITIONS } from "../storage/images.ts";
import { loadOwnItem } from "./save-item.ts";

/** Deletes an unsold listing with its comments and likes, then its photo files. */
export async function deleteItem(ctx: CoreContext, o: { actor: SessionUser; itemId: number }): Promise<void> {
  const item = await loadOwnItem(ctx, o.actor.id, o.itemId);
  const photos = await ctx.db
    .select({ key: itemPhotos.key })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, item.id));
  await ctx.db.delete(items).where(eq(items.id, item.id));
  for (const p of photos) await deleteImage(ctx, p.key, ITEM_PHOTO_RENDITIONS);
}
