import { suggestBanks } from "#core/account/bank-search.ts";
import { bankSuggestionsResponse } from "../../lib/account-forms.server.ts";
import { langOf, requireUser } from "../../lib/request.server.ts";
import type { Route } from "./+types/bank-account-banks";

/** Banks matching `?q=` (name, reading or code) for the payout account form, as JSON. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  requireUser(context, request, lang);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return bankSuggestionsResponse(lang, () => suggestBanks(query));
}
