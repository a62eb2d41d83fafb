import { and, eq, sql } from "drizzle-orm";
import { supportMessages } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { authorize } from "../staff/authorize.ts";
import {
  deleteImage,
  forImageField,
  type ImageRendition,
  processImage,
  storeProcessedImage,
} from "../storage/images.ts";
import { MAX_INQUIRY_PHOTOS } from "./fields.ts";
import { INQUIRY_NOT_FOUND, loadInquiry } from "./load-inquiry.ts";

/** A thumbnail for the thread and a size a person can read a screen or a label on. */
const INQUIRY_PHOTO_RENDITIONS: ImageRendition[] = [
  { name: "thumb", maxSize: 400 },
  { name: "large", maxSize: 1600 },
];

/** A photo's name in its address: the random part of its key and the rendition. */
const PHOTO_NAME = /^([0-9a-f]{32})-(thumb|large)\.webp$/;

/** The names a thread's page asks for, one per photo and rendition. */
export function photoName(key: string, rendition: "thumb" | "large"): string {
  return `${key.slice(key.lastIndexOf("/") + 1)}-${rendition}.webp`;
}

/**
 * Checks every photo first (so a bad third photo stores none), then stores them privately under
 * `private/support/<member>/`, where the public media route never serves them. Answers the key
 * prefixes to keep on the message; a failed write removes what was written.
 */
export async function storeInquiryPhotos(
  ctx: Pick<CoreContext, "blobs">,
  o: { userId: number; photos: readonly Uint8Array[] },
): Promise<string[]> {
  const photos = o.photos.filter((p) => p.byteLength > 0);
  if (photos.length > MAX_INQUIRY_PHOTOS) {
    const message = msg("support.errors.tooManyPhotos", { max: MAX_INQUIRY_PHOTOS });
    throw new AppError("VALIDATION", { message, fields: { photos: message } });
  }
  const processed = await forImageField("photos", async () => {
    const out = [];
    for (const bytes of photos) out.push(await processImage(bytes, INQUIRY_PHOTO_RENDITIONS));
    return out;
  });
  const keys: string[] = [];
  try {
    for (const image of processed) {
      const stored = await storeProcessedImage(ctx, { prefix: `private/support/${o.userId}`, image });
      keys.push(stored.key);
    }
  } catch (error) {
    await removeInquiryPhotos(ctx, keys);
    throw error;
  }
  return keys;
}

/** Removes stored photos again (their message was never written). */
export async function removeInquiryPhotos(ctx: Pick<CoreContext, "blobs">, keys: readonly string[]) {
  await Promise.allSettled(keys.map((key) => deleteImage(ctx, key, INQUIRY_PHOTO_RENDITIONS)));
}

/**
 * One attached photo, only for the member who asked or an operator who may read inquiries; to
 * anyone else it does not exist.
 */
export async function readInquiryPhoto(
  ctx: CoreContext,
  o: { actor: SessionUser; inquiryId: number; name: string },
): Promise<{ body: Uint8Array; contentType: string }> {
  const inquiry = await loadInquiry(ctx.db, o.inquiryId);
  if (inquiry.userId !== o.actor.id) {
    if (o.actor.role !== "operator") throw new AppError("NOT_FOUND", { message: INQUIRY_NOT_FOUND });
    await authorize(ctx, o.actor, "support:read");
  }
  const match = PHOTO_NAME.exec(o.name);
  if (!match) throw new AppError("NOT_FOUND");
  const [, hex, rendition] = match;
  const [row] = await ctx.db
    .select({ keys: supportMessages.photoKeys })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.inquiryId, inquiry.id),
        sql`exists (select 1 from jsonb_array_elements_text(${supportMessages.photoKeys}) k where k like ${`%/${hex}`})`,
      ),
    )
    .limit(1);
  const key = row?.keys.find((k) => k.endsWith(`/${hex}`));
  if (!key) throw new AppError("NOT_FOUND");
  const blob = await ctx.blobs.get(`${key}-${rendition}.webp`);
  if (!blob) throw new AppError("NOT_FOUND");
  return blob;
}
