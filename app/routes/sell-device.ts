import { data } from "react-router";
import { mayEverSell } from "#core/catalog/may-sell.ts";
import { imeiDeviceAnswer } from "../lib/imei-device.server.ts";
import { langOf } from "../lib/lang.ts";
import { requireUser } from "../lib/request.server.ts";
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
  return imeiDeviceAnswer(context, request, { lang, actorId: user.id });
}
