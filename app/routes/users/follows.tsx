import { translator } from "../../i18n/index.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/follows";
import { PeopleView } from "./people-view.tsx";
import { peoplePage, profileOf, userIdOf, viewerKindOf } from "./social.server.ts";

export const handle = { back: "history", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const userId = userIdOf(params);
  const [profile, people] = await Promise.all([
    profileOf(context, userId),
    peoplePage(context, userId, "follows", undefined),
  ]);
  return { profile, people, viewerKind: viewerKindOf(context) };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const profile = args.loaderData?.profile;
  if (!profile) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  return seo(args, { title: t("people.followsTitle", { nickname: profile.nickname }) });
}

export default function Follows({ loaderData, params }: Route.ComponentProps) {
  return <PeopleView direction="follows" {...loaderData} lang={langOf(params)} />;
}
