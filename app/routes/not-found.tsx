import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any path nothing else matches: a 404 rendered by the error boundary in the page's language. */
export function loader({ request }: Route.LoaderArgs): never {
  const url = new URL(request.url);
  throw data(`Page not found: ${url.pathname}${url.search}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
