import { data } from "react-router";
import { payoutRunFile } from "#core/money/payouts/download-payout-run-file.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { langOf } from "../../lib/lang.ts";
import { core, pathIdOf } from "../../lib/request.server.ts";
import type { Route } from "./+types/payout-runs-file";
import { requestMeta, requireStaff } from "./staff.server.ts";

/**
 * A bank run's 全銀 file as an attachment: the exact bytes the run was prepared with (Shift_JIS,
 * 120-byte records), for upload to the bank. Each download is audited by the core.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "payouts:read");
  const runId = pathIdOf(params);
  try {
    const file = await payoutRunFile(core(context), actor, { runId, meta: requestMeta(context) });
    return new Response(Buffer.from(file.bytes), {
      status: 200,
      headers: {
        "Content-Type": "text/plain; charset=Shift_JIS",
        "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
        "Content-Length": String(file.bytes.byteLength),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw data(localizeError(error, lang).message, { status: error.status });
  }
}
