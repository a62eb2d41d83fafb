import { data } from "react-router";
import { isBotCheckAction } from "#core/identity/bot-check.ts";
import { core } from "../../lib/request.server.ts";
import type { Route } from "./+types/bot-check-token";

/**
 * The bot check sandbox's token endpoint: stands for the hosted widget that hands the browser a
 * token for a named action. `?verdict=bot` gets a token the sandbox answers "bot" (for tests).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const check = core(context).botCheck;
  if (check.kind !== "sandbox" || !check.issue) throw data({ error: "not found" }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const action = search.get("action");
  if (!isBotCheckAction(action)) throw data({ error: "unknown action" }, { status: 400 });
  const token = check.issue(action, { bot: search.get("verdict") === "bot" });
  return Response.json({ token }, { headers: { "Cache-Control": "no-store" } });
}
