import type { Route } from "./+types/mailbox-messages";
import { mailboxPage } from "./mailbox.server.ts";

/** The mailbox's next page as JSON, for the paged list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  return Response.json(await mailboxPage(context, request, cursor), {
    headers: { "Cache-Control": "no-store" },
  });
}
