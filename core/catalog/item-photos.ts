import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { itemPhotos, items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import {
  copyImage,
  deleteImage,
  forImageField,
  ITEM_PHOTO_RENDITIONS,
  imageUrl,
  type ProcessedImage,
  processImage,
  storeProcessedImage,
} from "../storage/images.ts";
import { EDITABLE_STATES, STATE_MESSAGES } from "./item-states.ts";
import { PHOTOS_MAX as MAX_ITEM_PHOTOS } from "./limits.ts";

export const ITEM_PHOTO_MESSAGES = {
  required: msg("listing.photos.required"),
  tooMany: msg("listing.photos.tooMany", { max: MAX_ITEM_PHOTOS }),
  keepOne: msg("listing.photos.keepOne"),
  unknown: msg("listing.photos.unknown"),
  order: msg("listing.photos.order"),
} satisfies Record<string, Message>;

/** One photo of a listing; `key` names its blobs (`${key}-thumb.webp`, `${key}-large.webp`). */
export type ItemPhoto = { id: number; position: number; key: string; width: number; height: number };

/** A photo in the final order: one the listing already has, or a new upload. */
export type ItemPhotoEntry = { photoId: number } | { bytes: Uint8Array };

export const columns = {
  id: itemPhotos.id,
  position: itemPhotos.position,
  key: itemPhotos.key,
  width: itemPhotos.width,
  height: itemPhotos.height,
};

export const fieldError = (field: string, message: Message) =>
  new AppError("VALIDATION", { fields: { [field]: message } });

/** The listing exists, is the actor's, and can still be changed. */
export async function checkSeller(db: Db, actor: SessionUser, itemId: number, lock: boolean): Promise<void> {
  const query = db
    .select({ sellerId: items.sellerId, state: items.state })
    .from(items)
    .where(eq(items.id, itemId));
  // The row lock makes concurrent changes to one listing's photos take turns.
  const [item] = lock ? await query.for("update") : await query;
  if (!item) throw new AppError("NOT_FOUND");
  if (item.sellerId !== actor.id) throw new AppError("FORBIDDEN");
  if (!EDITABLE_STATES.includes(item.state)) throw new AppError("CONFLICT", { message: STATE_MESSAGES.sold });
}

async function photosOf(db: Db, itemId: number): Promise<ItemPhoto[]> {
  return db
    .select(columns)
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, itemId))
    .orderBy(asc(itemPhotos.position));
}

/**
 * Writes the listing's photos in their new order. Positions are unique per listing and limited to
 * 0..9, so rows cannot be shuffled in place; they are deleted and inserted again, keeping their ids.
 */
export async function writeOrder(
  tx: Db,
  itemId: number,
  rows: Array<Omit<ItemPhoto, "id" | "position"> & { id?: number; createdAt?: Date }>,
): Promise<ItemPhoto[]> {
  await tx.delete(itemPhotos).where(eq(itemPhotos.itemId, itemId));
  if (rows.length === 0) return [];
  const written = await tx
    .insert(itemPhotos)
    .overridingSystemValue()
    .values(rows.map((r, position) => ({ ...r, itemId, position })))
    .returning(columns);
  return written.sort((a, b) => a.position - b.position);
}

export async function storeAll(
  ctx: CoreContext,
  itemId: number,
  images: ProcessedImage[],
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const image of images)
      keys.push((await storeProcessedImage(ctx, { prefix: `items/${itemId}`, image })).key);
  } catch (error) {
    await discard(ctx, keys);
    throw error;
  }
  return keys;
}

/** Best effort: a blob that cannot be deleted now is an orphan, never a broken listing. */
export async function discard(ctx: Pick<CoreContext, "blobs">, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => deleteImage(ctx, key, ITEM_PHOTO_RENDITIONS)));
}

/** The listing's photos in the seller's order. */
export async function listItemPhotos(ctx: Pick<CoreContext, "db">, itemId: number): Promise<ItemPhoto[]> {
  return photosOf(ctx.db, itemId);
}

export function itemPhotoUrls(
  ctx: Pick<CoreContext, "blobs">,
  key: string,
): { thumb: string; large: string } {
  return { thumb: imageUrl(ctx, key, "thumb"), large: imageUrl(ctx, key, "large") };
}

/**
 * Makes the listing's photos exactly `entries`, in that order: what the sell and edit form sends.
 * Every new upload is checked before anything is written; the new files are written before the
 * rows change in one transaction; the files of photos no longer used are deleted after it commits.
 * If anything fails, the files this call wrote are deleted again.
 */
export async function replaceItemPhotos(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; entries: ItemPhotoEntry[] },
): Promise<ItemPhoto[]> {
  if (o.entries.length === 0) throw fieldError("photos", ITEM_PHOTO_MESSAGES.required);
  if (o.entries.length > MAX_ITEM_PHOTOS) throw fieldError("photos", ITEM_PHOTO_MESSAGES.tooMany);
  const keptIds = o.entries.flatMap((e) => ("photoId" in e ? [e.photoId] : []));
  if (new Set(keptIds).size !== keptIds.length) throw fieldError("photos", ITEM_PHOTO_MESSAGES.order);
  await checkSeller(ctx.db, o.actor, o.itemId, false);

  const images: ProcessedImage[] = [];
  for (const entry of o.entries) {
    if ("bytes" in entry) {
      images.push(await forImageField("photos", () => processImage(entry.bytes, ITEM_PHOTO_RENDITIONS)));
    }
  }
  const written = await storeAll(ctx, o.itemId, images);

  let result: { photos: ItemPhoto[]; removedKeys: string[] };
  try {
    result = await ctx.db.transaction(async (tx) => {
      await checkSeller(tx, o.actor, o.itemId, true);
      const current = await tx
        .select({ ...columns, createdAt: itemPhotos.createdAt })
        .from(itemPhotos)
        .where(eq(itemPhotos.itemId, o.itemId));
      const byId = new Map(current.map((r) => [r.id, r]));
      if (keptIds.some((id) => !byId.has(id))) throw fieldError("photos", ITEM_PHOTO_MESSAGES.unknown);
      let next = 0;
      const rows = o.entries.map((entry) => {
        if ("photoId" in entry) return byId.get(entry.photoId)!;
        const image = images[next]!;
        return { key: written[next++]!, width: image.width, height: image.height };
      });
      const photos = await writeOrder(tx, o.itemId, rows);
      const kept = new Set(keptIds);
      return { photos, removedKeys: current.filter((r) => !kept.has(r.id)).map((r) => r.key) };
    });
  } catch (error) {
    await discard(ctx, written);
    throw error;
  }
  await discard(ctx, result.removedKeys);
  return result.photos;
}

/**
 * Gives `toItemId` (a new listing of the same seller) copies of `fromItemId`'s photos in their
 * order: new files, never the same ones, so deleting either listing's photos leaves the other's. A
 * photo whose files are gone is left out. Answers how many were copied.
 */
export async function copyItemPhotos(
  ctx: CoreContext,
  o: { actor: SessionUser; fromItemId: number; toItemId: number },
): Promise<number> {
  await checkSeller(ctx.db, o.actor, o.toItemId, false);
  const source = await photosOf(ctx.db, o.fromItemId);
  const copies: Array<{ key: string; width: number; height: number }> = [];
  try {
    for (const photo of source) {
      const copy = await copyImage(ctx, {
        key: photo.key,
        prefix: `items/${o.toItemId}`,
        renditions: ITEM_PHOTO_RENDITIONS,
      });
      if (copy) copies.push({ key: copy.key, width: photo.width, height: photo.height });
    }
    if (copies.length === 0) return 0;
    await ctx.db.transaction(async (tx) => {
      await checkSeller(tx, o.actor, o.toItemId, true);
      await writeOrder(tx, o.toItemId, copies);
    });
  } catch (error) {
    await discard(
      ctx,
      copies.map((c) => c.key),
    );
    throw error;
  }
  return copies.length;
}
