import { and, eq } from "drizzle-orm";
import { buybackItemPhotos, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { deleteImage, ITEM_PHOTO_RENDITIONS } from "../storage/images.ts";
import { authorizeGrader } from "./grader.ts";

/** A grader removes one photo of a device still with us (30, 40); its files go after the commit. Audited. */
export async function removeBuybackPhoto(
  ctx: CoreContext,
  o: { itemId: number; photoId: number; graderId: number; meta?: RequestMeta },
): Promise<void> {
  const key = await ctx.db.transaction(async (tx) => {
    const operator = await authorizeGrader({ db: tx }, o.graderId);
    const [item] = await tx
      .select({ state: buybackItems.state })
      .from(buybackItems)
      .where(eq(buybackItems.id, o.itemId))
      .for("update");
    if (!item) throw new AppError("NOT_FOUND");
    if (item.state !== "30" && item.state !== "40") {
      throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.photosNotNow") });
    }
    const [removed] = await tx
      .delete(buybackItemPhotos)
      .where(and(eq(buybackItemPhotos.id, o.photoId), eq(buybackItemPhotos.itemId, o.itemId)))
      .returning({ blobKey: buybackItemPhotos.blobKey });
    if (!removed) throw new AppError("NOT_FOUND");
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:photo-remove",
        target: { type: "buyback_item", id: o.itemId },
        changes: { photo: [removed.blobKey, null] },
        meta: o.meta,
      },
    );
    return removed.blobKey;
  });
  // Best effort: a file that cannot be deleted now is an orphan, never a broken device page.
  await deleteImage(ctx, key, ITEM_PHOTO_RENDITIONS).catch(() => {});
}
