import { PeopleList } from "../../components/social/people-list.tsx";
import { PersonAction } from "../../components/social/person-action.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/followed-users";
import { myFollowsPage } from "./lists.server.ts";

export const meta = titleMeta("mypageLists.followedUsersTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return { people: await myFollowsPage(context, user, undefined) };
}

export default function FollowedUsers({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypageLists");
  const lang = langOf(params);
  const here = `/${lang}/mypage/followed-users/`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("followedUsersTitle")}</h1>
      <PeopleList
        first={loaderData.people}
        pageUrl={`${here}page/`}
        lang={lang}
        label={t("followedUsersTitle")}
        empty={t("followedEmpty")}
        action={(person) => (
          <PersonAction person={person} lang={lang} intent="unfollow" label={t("unfollow")} back={here} />
        )}
      />
    </div>
  );
}
