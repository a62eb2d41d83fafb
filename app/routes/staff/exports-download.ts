import { data } from "react-router";
import { getExportDownload } from "#core/exports/export-download.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { attachment } from "../../lib/download.server.ts";
import { langOf } from "../../lib/lang.ts";
import { core, pathIdOf } from "../../lib/request.server.ts";
import type { Route } from "./+types/exports-download";
import { requestMeta, requireStaff } from "./staff.server.ts";

/** A finished CSV export, streamed from the private blob store as an attachment; the download is audited. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "exports:create");
  const id = pathIdOf(params);
  try {
    const file = await getExportDownload(core(context), { actor, id, meta: requestMeta(context) });
    return attachment(file);
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw data(localizeError(error, lang).message, { status: error.status });
  }
}
