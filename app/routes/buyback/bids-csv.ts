import { data } from "react-router";
import { exportBidsCsv } from "#core/buyback/bid-csv.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { attachment } from "../../lib/download.server.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import type { Route } from "./+types/bids-csv";
import { requireBuyer } from "./buyer.server.ts";

/**
 * The buyer's bid list of a category and NG condition as CSV (`?category=&ng=&encoding=sjis|utf8`),
 * streamed as an attachment. A bad selection is a 400 with its message.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const buyer = await requireBuyer(context, request, lang);
  const url = new URL(request.url);
  const get = (k: string) => url.searchParams.get(k)?.slice(0, 20) || undefined;
  try {
    const file = await exportBidsCsv(core(context), {
      userId: buyer.userId,
      input: { category: get("category"), ng: get("ng"), encoding: get("encoding") ?? "sjis" },
      locale: lang,
    });
    return attachment(file);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const said = localizeError(error, lang);
    throw data([said.message, ...Object.values(said.fields)].join(" "), { status: error.status });
  }
}
