import { langOf } from "../../lib/lang.ts";
import { requireUser } from "../../lib/request.server.ts";
import { cursorOf, jsonPage } from "../users/social.server.ts";
import type { Route } from "./+types/page";
import { notificationsPage } from "./notifications.server.ts";

/** The next page of notifications as JSON; `opened` is when the list was opened, to keep marking what was new then. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const opened = Number(new URL(request.url).searchParams.get("opened"));
  return jsonPage(
    await notificationsPage(
      context,
      user,
      cursorOf(request),
      Number.isSafeInteger(opened) ? opened : Number.MAX_SAFE_INTEGER,
    ),
  );
}
