import { listBlockedUsers } from "#core/social/blocks.ts";
import { EmptyState } from "../../components/social/list-states.tsx";
import { PersonAction } from "../../components/social/person-action.tsx";
import { PersonRow } from "../../components/social/person-row.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/blocked-users";

export const meta = titleMeta("mypageLists.blockedUsersTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return { people: await listBlockedUsers(core(context), user.id) };
}

export default function BlockedUsers({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypageLists");
  const lang = langOf(params);
  const here = `/${lang}/mypage/blocked-users/`;
  const { people } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("blockedUsersTitle")}</h1>
      <p className="text-sm text-slate-600">{t("blockedLead")}</p>
      {people.length === 0 ? (
        <EmptyState>{t("blockedEmpty")}</EmptyState>
      ) : (
        <ul
          aria-label={t("blockedUsersTitle")}
          className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {people.map((person) => (
            <li key={person.id}>
              <PersonRow person={person} lang={lang}>
                <PersonAction person={person} lang={lang} intent="unblock" label={t("unblock")} back={here} />
              </PersonRow>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
