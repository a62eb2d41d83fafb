import { eq } from "drizzle-orm";
import { itemPhotos } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import {
  checkSeller,
  columns,
  fieldError,
  ITEM_PHOTO_MESSAGES,
  type ItemPhoto,
  writeOrder,
} from "./item-photos.ts";

/** Puts the listing's photos in the given order; it must name each of them exactly once. */
export async function reorderItemPhotos(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; photoIds: number[] },
): Promise<ItemPhoto[]> {
  return ctx.db.transaction(async (tx) => {
    await checkSeller(tx, o.actor, o.itemId, true);
    const rows = await tx
      .select({ ...columns, createdAt: itemPhotos.createdAt })
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, o.itemId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = o.photoIds.map((id) => byId.get(id));
    if (
      new Set(o.photoIds).size !== o.photoIds.length ||
      o.photoIds.length !== rows.length ||
      ordered.includes(undefined)
    ) {
      throw fieldError("photoIds", ITEM_PHOTO_MESSAGES.order);
    }
    return writeOrder(tx, o.itemId, ordered as typeof rows);
  });
}
