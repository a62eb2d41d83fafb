import { suggestBranches } from "#core/account/bank-search.ts";
import { bankSuggestionsResponse } from "../../lib/account-forms.server.ts";
import { langOf, requireUser } from "../../lib/request.server.ts";
import type { Route } from "./+types/bank-account-branches";

/** Branches of `?bank=` (4 digits) matching `?q=` for the payout account form, as JSON. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  requireUser(context, request, lang);
  const search = new URL(request.url).searchParams;
  return bankSuggestionsResponse(lang, () =>
    suggestBranches(search.get("bank") ?? "", search.get("q") ?? ""),
  );
}
