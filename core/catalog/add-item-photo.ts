import { count, eq } from "drizzle-orm";
import { itemPhotos } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { forImageField, ITEM_PHOTO_RENDITIONS, processImage } from "../storage/images.ts";
import {
  checkSeller,
  columns,
  discard,
  fieldError,
  ITEM_PHOTO_MESSAGES,
  type ItemPhoto,
  storeAll,
} from "./item-photos.ts";
import { PHOTOS_MAX as MAX_ITEM_PHOTOS } from "./limits.ts";

/** Adds one photo after the others. */
export async function addItemPhoto(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; bytes: Uint8Array },
): Promise<ItemPhoto> {
  await checkSeller(ctx.db, o.actor, o.itemId, false);
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, o.itemId));
  if (n >= MAX_ITEM_PHOTOS) throw fieldError("photos", ITEM_PHOTO_MESSAGES.tooMany);
  const image = await forImageField("photo", () => processImage(o.bytes, ITEM_PHOTO_RENDITIONS));
  const [key] = await storeAll(ctx, o.itemId, [image]);
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkSeller(tx, o.actor, o.itemId, true);
      const [{ n: now } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(itemPhotos)
        .where(eq(itemPhotos.itemId, o.itemId));
      if (now >= MAX_ITEM_PHOTOS) throw fieldError("photos", ITEM_PHOTO_MESSAGES.tooMany);
      const [row] = await tx
        .insert(itemPhotos)
        .values({ itemId: o.itemId, position: now, key: key!, width: image.width, height: image.height })
        .returning(columns);
      return row!;
    });
  } catch (error) {
    await discard(ctx, [key!]);
    throw error;
  }
}
