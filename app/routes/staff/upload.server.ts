import type { SessionUser } from "#core/identity/sessions.ts";
import { uploadMediaImage } from "#core/media/upload-media-image.ts";
import type { Locale } from "#core/shared/locale.ts";
import { MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { core, formFailure } from "../../lib/request.server.ts";
import { readUploadForm } from "../../lib/upload.server.ts";

type Ctx = Parameters<typeof core>[0];

/** The editor's image upload (sent by a fetcher, so the form being written stays as it is). */
export async function uploadFromForm(context: Ctx, request: Request, actor: SessionUser, lang: Locale) {
  try {
    const form = await readUploadForm(request, MAX_IMAGE_BYTES + 64 * 1024);
    const file = form?.get("image");
    const bytes =
      file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const alt = form?.get("alt");
    const uploaded = await uploadMediaImage(core(context), {
      actor,
      bytes,
      alt: typeof alt === "string" ? alt : "",
    });
    return { uploaded };
  } catch (error) {
    return formFailure(error, lang, {});
  }
}
