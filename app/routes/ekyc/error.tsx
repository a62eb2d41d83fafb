import { IdentityResult } from "../../components/account/identity-result.tsx";
import { langOf } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/error";
import { loadIdentityResult } from "./identity-return.server.ts";

export const meta = titleMeta("identification.result.title");
export const handle = { back: "/settings/identification/", tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadIdentityResult({ request, context, lang: langOf(params), provider: params.provider });
}

export default function IdentityError({ loaderData, params }: Route.ComponentProps) {
  return <IdentityResult lang={params.lang === "en" ? "en" : "ja"} {...loaderData} />;
}
