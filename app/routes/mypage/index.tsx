import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { getAccount } from "#core/identity/get-account.ts";
import { MenuLink, SettingsMenu } from "../../components/account/settings-menu.tsx";
import { formatDate } from "../../i18n/index.ts";
import { core, langOf, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const meta = titleMeta("mypage.title");
export const handle = { tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const account = await getAccount(core(context), user.id);
  return { account: { ...account, createdAt: account.createdAt.toISOString() } };
}

export default function Mypage({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypage");
  const logout = useTranslations("logout");
  const settings = useTranslations();
  const { account } = loaderData;
  const lang = params.lang === "en" ? "en" : "ja";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <section
        aria-labelledby="account-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex items-center gap-4">
          <div
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
          >
            {account.nickname.slice(0, 1)}
          </div>
          <div className="min-w-0">
            <h2 id="account-title" className="truncate text-lg font-bold" data-testid="mypage-nickname">
              {account.nickname}
            </h2>
            <p className="text-xs text-slate-500">{t(`role.${account.role}`)}</p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("email")}</dt>
          <dd className="break-all" data-testid="mypage-email">
            {account.email}
          </dd>
          <dt className="text-slate-500">{t("memberSince")}</dt>
          <dd>{formatDate(account.createdAt, lang)}</dd>
        </dl>
      </section>
      {account.role === "member" && (
        <section aria-labelledby="lists-title">
          <h2 id="lists-title" className="mb-2 text-sm font-bold text-slate-500">
            {settings("mypageLists.lists")}
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <MenuLink to={`/${lang}/users/${account.id}/`}>{settings("mypageLists.myProfile")}</MenuLink>
            <MenuLink to={`/${lang}/mypage/listing-items/`}>
              {settings("mypageLists.listingItemsTitle")}
            </MenuLink>
            <MenuLink to={`/${lang}/mypage/purchased-items/`}>{settings("buying.purchasedTitle")}</MenuLink>
            <MenuLink to={`/${lang}/balance/`}>{settings("buying.balanceTitle")}</MenuLink>
            <MenuLink to={`/${lang}/mypage/liked-items/`}>{settings("mypageLists.likedItemsTitle")}</MenuLink>
            <MenuLink to={`/${lang}/mypage/followed-users/`}>
              {settings("mypageLists.followedUsersTitle")}
            </MenuLink>
            <MenuLink to={`/${lang}/mypage/blocked-users/`}>
              {settings("mypageLists.blockedUsersTitle")}
            </MenuLink>
          </ul>
        </section>
      )}
      <section aria-labelledby="settings-title">
        <h2 id="settings-title" className="mb-2 text-sm font-bold text-slate-500">
          {t("settings")}
        </h2>
        <SettingsMenu lang={lang} />
      </section>
      <Form method="post" action={`/${lang}/logout/`}>
        <button
          type="submit"
          className="h-12 w-full rounded-full border border-slate-300 bg-white font-semibold text-slate-700 hover:bg-slate-50"
        >
          {logout("submit")}
        </button>
      </Form>
    </div>
  );
}
