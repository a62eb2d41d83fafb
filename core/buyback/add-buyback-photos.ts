import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { buybackItemPhotos, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import {
  deleteImage,
  forImageField,
  ITEM_PHOTO_RENDITIONS,
  type ProcessedImage,
  processImage,
  storeProcessedImage,
} from "../storage/images.ts";
import { authorizeGrader } from "./grader.ts";
import { BUYBACK_RULES } from "./rules.ts";

/** States in which the device is with us and can be photographed. */
const PHOTOGRAPHED_IN = ["30", "40"];

const tooMany = () =>
  new AppError("VALIDATION", {
    fields: { photos: msg("buybackOffice.grading.errors.tooManyPhotos", { max: BUYBACK_RULES.maxPhotos }) },
  });

/**
 * The device is with us and has room for `adding` more photos; its photos' positions, in order. With
 * `lock`, the device's row is locked so two uploads for one device take turns for the positions.
 */
async function checkRoom(ctx: { db: Db }, itemId: number, adding: number, lock: boolean) {
  const query = ctx.db
    .select({ state: buybackItems.state })
    .from(buybackItems)
    .where(eq(buybackItems.id, itemId));
  const [item] = lock ? await query.for("update") : await query;
  if (!item) throw new AppError("NOT_FOUND");
  if (!PHOTOGRAPHED_IN.includes(item.state)) {
    throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.photosNotNow") });
  }
  const current = await ctx.db
    .select({ position: buybackItemPhotos.position })
    .from(buybackItemPhotos)
    .where(eq(buybackItemPhotos.itemId, itemId))
    .orderBy(asc(buybackItemPhotos.position));
  if (current.length + adding > BUYBACK_RULES.maxPhotos) throw tooMany();
  return current;
}

/**
 * A grader adds photos of a device (up to `maxPhotos` in all), through the listing photos' pipeline:
 * each file is recognised by its first bytes (JPEG, PNG, WebP, HEIC), re-encoded to WebP without
 * its metadata, and stored as `buyback/{itemId}/…` in the thumbnail and large sizes. Every file is
 * checked before any is kept; files written for a failed call are deleted again. Audited.
 */
export async function addBuybackPhotos(
  ctx: CoreContext,
  o: { itemId: number; graderId: number; files: Uint8Array[]; meta?: RequestMeta },
): Promise<{ added: number }> {
  const operator = await authorizeGrader(ctx, o.graderId);
  if (o.files.length === 0) {
    throw new AppError("VALIDATION", { fields: { photos: msg("buybackOffice.grading.errors.noPhoto") } });
  }
  // Checked before the files are decoded too, so a full device costs no image work.
  await checkRoom(ctx, o.itemId, o.files.length, false);
  const images: ProcessedImage[] = [];
  for (const bytes of o.files) {
    images.push(await forImageField("photos", () => processImage(bytes, ITEM_PHOTO_RENDITIONS)));
  }
  const keys: string[] = [];
  try {
    for (const image of images) {
      keys.push((await storeProcessedImage(ctx, { prefix: `buyback/${o.itemId}`, image })).key);
    }
    await ctx.db.transaction(async (tx) => {
      const current = await checkRoom({ db: tx }, o.itemId, keys.length, true);
      const next = (current.at(-1)?.position ?? -1) + 1;
      await tx
        .insert(buybackItemPhotos)
        .values(keys.map((blobKey, i) => ({ itemId: o.itemId, blobKey, position: next + i })));
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          operator,
          action: "buyback:photos",
          target: { type: "buyback_item", id: o.itemId },
          changes: { photos: [current.length, current.length + keys.length] },
          meta: o.meta,
        },
      );
    });
  } catch (error) {
    await Promise.allSettled(keys.map((key) => deleteImage(ctx, key, ITEM_PHOTO_RENDITIONS)));
    throw error;
  }
  return { added: keys.length };
}
