import { imeiDeviceAnswer } from "../../lib/imei-device.server.ts";
import { langOf } from "../../lib/lang.ts";
import type { Route } from "./+types/application-device";
import { requireMember } from "./member.server.ts";

/**
 * The category and model of `?imei=` for a device of the buyback application, as JSON: `{ device }`
 * (null for a device the TAC table does not know), or `{ error }` with the IMEI's message. Like the
 * application: members only.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  return imeiDeviceAnswer(context, request, { lang, actorId: user.id });
}
