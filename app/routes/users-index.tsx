import { redirect } from "react-router";
import type { Route } from "./+types/users-index";

/** /{lang}/users/ has no list of its own: it goes to that language's home. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${params.lang}/`, 301);
}
