import { data, Outlet } from "react-router";
import { isLocale } from "#core/shared/locale.ts";
import { Shell } from "../components/shell/shell.tsx";
import type { Route } from "./+types/lang-layout";

export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.lang)) throw data(`Page Not Found: /${params.lang}/`, { status: 404 });
  return { lang: params.lang };
}

export default function LangLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell lang={loaderData.lang}>
      <Outlet />
    </Shell>
  );
}
