import { data, redirect } from "react-router";
import { defaultLedgerRange } from "#core/buyback/dealer-ledger.ts";
import { exportDealerLedger } from "#core/buyback/export-dealer-ledger.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { attachment } from "../../../lib/download.server.ts";
import { langOf } from "../../../lib/lang.ts";
import { core } from "../../../lib/request.server.ts";
import { requestMeta, requireStaff } from "../staff.server.ts";
import type { Route } from "./+types/ledger-csv";

/**
 * The dealer ledger of a period (`?from=&to=`, this month when neither is given) as CSV, written
 * as it is read; each download is audited. A bad period goes back to the ledger page, which says
 * what is wrong with it.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:ledger");
  const ctx = core(context);
  const url = new URL(request.url);
  const asked = url.searchParams.has("from") || url.searchParams.has("to");
  const range = asked
    ? {
        from: url.searchParams.get("from")?.slice(0, 32) ?? "",
        to: url.searchParams.get("to")?.slice(0, 32) ?? "",
      }
    : defaultLedgerRange(ctx.clock.now());
  try {
    const file = await exportDealerLedger(ctx, { actor, range, meta: requestMeta(context) });
    return attachment(file);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "VALIDATION") {
      throw redirect(`/${lang}/staff/buyback/ledger/?${new URLSearchParams(range)}`);
    }
    throw data(localizeError(error, lang).message, { status: error.status });
  }
}
