import { data } from "react-router";
import { getExportDownload } from "#core/exports/export-download.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { langOf } from "../../lib/lang.ts";
import { core, pathIdOf } from "../../lib/request.server.ts";
import type { Route } from "./+types/exports-download";
import { requestMeta, requireStaff } from "./staff.server.ts";

/** `attachment` with the name both plain (ASCII) and as RFC 5987 `filename*`. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A finished CSV export, streamed from the private blob store as an attachment; the download is audited. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "exports:create");
  const id = pathIdOf(params);
  try {
    const file = await getExportDownload(core(context), { actor, id, meta: requestMeta(context) });
    const headers = new Headers({
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition(file.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    if (file.size !== null) headers.set("Content-Length", String(file.size));
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw data(localizeError(error, lang).message, { status: error.status });
  }
}
