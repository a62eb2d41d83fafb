import { data } from "react-router";
import { isAppError } from "#core/shared/errors.ts";
import { readInquiryPhoto } from "#core/support/inquiry-photos.ts";
import { core, langOf, pathIdOf, requireUser } from "../../lib/request.server.ts";
import type { Route } from "./+types/support-photo";

/**
 * A photo attached to an inquiry, read from the private blob store: only for the member who asked
 * and for operators who may read inquiries. Never cached by anything shared.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireUser(context, request, langOf(params));
  const inquiryId = pathIdOf(params);
  try {
    const photo = await readInquiryPhoto(core(context), { actor, inquiryId, name: params.photo });
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
    if (!isAppError(error)) throw error;
    throw data(error.code === "FORBIDDEN" ? "Forbidden" : "Not Found", {
      status: error.code === "FORBIDDEN" ? 403 : 404,
    });
  }
}
