import { z } from "zod";
import { addItemPhoto } from "#core/catalog/add-item-photo.ts";
import { type ItemPhoto, itemPhotoUrls } from "#core/catalog/item-photos.ts";
import { removeItemPhoto } from "#core/catalog/remove-item-photo.ts";
import { reorderItemPhotos } from "#core/catalog/reorder-item-photos.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

export const IMAGE_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
] as const;
/** One image plus the multipart envelope. */
export const IMAGE_UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

const ZPhoto = z.object({
  id: z.number().int(),
  position: z.number().int().min(0).max(9),
  width: z.number().int(),
  height: z.number().int(),
  urls: z.object({ thumb: z.string(), large: z.string() }),
});
const ZPhotoList = z.object({ photos: z.array(ZPhoto) });
const ZReorder = z.object({ photoIds: z.array(z.number().int().positive()).min(1).max(10) });

const LABELS = { photoIds: msg("listing.fields.photoIds") };

function photoJson(ctx: Pick<CoreContext, "blobs">, p: ItemPhoto) {
  return {
    id: p.id,
    position: p.position,
    width: p.width,
    height: p.height,
    urls: itemPhotoUrls(ctx, p.key),
  };
}

const notYours = {
  403: { description: "The listing is someone else's" },
  404: { description: "No such listing (or photo)" },
  409: { description: "The listing is sold and cannot change" },
};

export const itemPhotoRoutes = [
  defineRoute({
    method: "post",
    path: "/items/{id}/photos",
    summary: "Add a photo after the listing's others (JPEG, PNG, WebP or HEIC; at most 10 MB, 40 megapixels)",
    tag: "items",
    auth: "user",
    multipart: {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES,
      files: {
        photo: {
          description:
            "The image. Its type is read from its content; it is re-encoded and stripped of metadata",
          contentTypes: IMAGE_CONTENT_TYPES,
        },
      },
    },
    responses: {
      201: { description: "Added", schema: ZPhoto },
      ...notYours,
      422: { description: "Already 10 photos, no file, or an image that cannot be read" },
    },
    async handler({ ctx, actor, params, files }) {
      const photo = await addItemPhoto(ctx, {
        actor: actor!,
        itemId: idParam(params.id),
        bytes: files.photo!,
      });
      return { status: 201, body: photoJson(ctx, photo) };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/items/{id}/photos/{photo_id}",
    summary: "Remove a photo; the later ones move up (a listing keeps at least one)",
    tag: "items",
    auth: "user",
    responses: {
      204: { description: "Removed" },
      ...notYours,
      422: { description: "It is the listing's last photo" },
    },
    async handler({ ctx, actor, params }) {
      await removeItemPhoto(ctx, {
        actor: actor!,
        itemId: idParam(params.id),
        photoId: idParam(params.photo_id),
      });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "put",
    path: "/items/{id}/photos/order",
    summary: "Put the listing's photos in a new order, naming each exactly once",
    tag: "items",
    auth: "user",
    body: ZReorder,
    labels: LABELS,
    responses: { 200: { description: "The photos in their new order", schema: ZPhotoList }, ...notYours },
    async handler({ ctx, actor, params, body }) {
      const photos = await reorderItemPhotos(ctx, {
        actor: actor!,
        itemId: idParam(params.id),
        photoIds: body.photoIds,
      });
      return { status: 200, body: { photos: photos.map((p) => photoJson(ctx, p)) } };
    },
  }),
];
