import { asc, eq } from "drizzle-orm";
import { itemPhotos } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { checkSeller, columns, discard, fieldError, ITEM_PHOTO_MESSAGES, writeOrder } from "./item-photos.ts";

/** Removes one photo; the ones after it move up. The last photo of a listing stays. */
export async function removeItemPhoto(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; photoId: number },
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await checkSeller(tx, o.actor, o.itemId, true);
    const rows = await tx
      .select({ ...columns, createdAt: itemPhotos.createdAt })
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, o.itemId))
      .orderBy(asc(itemPhotos.position));
    const photo = rows.find((r) => r.id === o.photoId);
    if (!photo) throw new AppError("NOT_FOUND");
    if (rows.length === 1) throw fieldError("photos", ITEM_PHOTO_MESSAGES.keepOne);
    await writeOrder(
      tx,
      o.itemId,
      rows.filter((r) => r !== photo),
    );
    return photo.key;
  });
  await discard(ctx, [removed]);
}
