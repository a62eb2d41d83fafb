import { data } from "react-router";
import { PHOTO_RENDITIONS, type PhotoRendition, readProductPhoto } from "#core/buyback/buyer-products.ts";
import { isAppError } from "#core/shared/errors.ts";
import { langOf } from "../../lib/lang.ts";
import { core, pathIdOf } from "../../lib/request.server.ts";
import type { Route } from "./+types/product-photo";
import { requireBuyer } from "./buyer.server.ts";

/** `<photo id>-<rendition>`, as the product page names each grading photo. */
const PHOTO = /^([1-9]\d{0,14})-([a-z]+)$/;

/**
 * A grading photo of a device the buyer company bought, whether the grader's photos are kept
 * privately or not: only for that company's buyers, never cached by anything shared.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  const productId = pathIdOf(params);
  const m = PHOTO.exec(params.photo ?? "");
  const rendition = m?.[2] as PhotoRendition | undefined;
  if (!m || !rendition || !PHOTO_RENDITIONS.includes(rendition)) throw data("Not Found", { status: 404 });
  try {
    const photo = await readProductPhoto(core(context), {
      buyer,
      productId,
      photoId: Number(m[1]),
      rendition,
    });
    return new Response(photo.body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        "Content-Type": photo.contentType,
        "Content-Length": String(photo.body.byteLength),
        "Cache-Control": "private, max-age=3600",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not Found", { status: 404 });
    throw error;
  }
}
