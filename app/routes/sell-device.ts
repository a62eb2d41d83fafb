import { data } from "react-router";
import { deviceForListing } from "#core/catalog/check-imei.ts";
import { mayEverSell } from "#core/catalog/may-sell.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { langOf } from "../lib/lang.ts";
import { core, requireUser } from "../lib/request.server.ts";
import type { Route } from "./+types/sell-device";

/**
 * The maker and model of `?imei=` for the listing form, as JSON: `{ device }` (null for a device
 * the TAC table does not know), or `{ error }` with the IMEI's message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  // Like the sell page: business buyers and staff never list.
  if (!mayEverSell(user)) throw data("Forbidden", { status: 403 });
  const imei = new URL(request.url).searchParams.get("imei") ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  try {
    const device = await deviceForListing(core(context), { actorId: user.id, input: { imei } });
    return Response.json({ device }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const text = localizeError(error, lang);
    return Response.json(
      { error: { message: text.fields.imei ?? text.message } },
      { status: error.status, headers },
    );
  }
}
