import { Form, Link } from "react-router";
import { toDoList } from "#core/home/to-do.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { tradesUnderWay } from "#core/trading/trades-under-way.ts";
import { MenuLink, SettingsMenu } from "../../components/account/settings-menu.tsx";
import { ToDoList } from "../../components/account/to-do-list.tsx";
import { TradesUnderWay } from "../../components/buying/trades-under-way.tsx";
import { formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, langOf, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const meta = titleMeta("mypage.title");
export const handle = { tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const ctx = core(context);
  // What the page shows of the account came with the session, read for this request.
  const account = { id: user.id, email: user.email, nickname: user.nickname, role: user.role };
  if (account.role !== "member") return { account, member: null };
  const [balance, toDo, trades] = await Promise.all([
    getBalance(ctx, { userId: user.id }),
    toDoList(ctx, { userId: user.id }),
    tradesUnderWay(ctx, { userId: user.id, limit: 10 }),
  ]);
  return {
    account,
    member: {
      proceeds: balance.proceeds,
      points: balance.points + balance.free_points,
      toDo,
      now: ctx.clock.now(),
      trades,
    },
  };
}

export default function Mypage({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypage");
  const logout = useTranslations("logout");
  const shell = useTranslations("shell");
  const settings = useTranslations();
  const { account, member } = loaderData;
  const lang = params.lang === "en" ? "en" : "ja";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 lg:grid lg:max-w-5xl lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
      <h1 className="text-2xl font-bold lg:col-span-2">{t("title")}</h1>
      <div className="flex flex-col gap-6">
        <section
          aria-labelledby="account-title"
          className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <div
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
          >
            {account.nickname.slice(0, 1)}
          </div>
          <div className="min-w-0 flex-1">
            <h2 id="account-title" className="truncate text-lg font-bold" data-testid="mypage-nickname">
              {account.nickname}
            </h2>
            {member ? (
              <Link to={`/${lang}/users/${account.id}/`} className="text-sm text-brand-700 underline">
                {t("viewProfile")}
              </Link>
            ) : (
              <p className="text-xs text-slate-500">{t(`role.${account.role}`)}</p>
            )}
          </div>
        </section>
        {member && (
          <>
            <ToDoList data={member.toDo} now={member.now} lang={lang} />
            <section
              aria-labelledby="wallet-title"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              data-testid="mypage-wallet"
            >
              <h2 id="wallet-title" className="text-sm font-bold text-slate-500">
                {t("wallet.title")}
              </h2>
              <dl className="mt-2 grid grid-cols-2 gap-4">
                <div>
                  <dt className="text-xs text-slate-500">{t("wallet.proceeds")}</dt>
                  <dd className="text-2xl font-bold tabular-nums" data-testid="mypage-proceeds">
                    {formatYen(member.proceeds, lang)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t("wallet.points")}</dt>
                  <dd className="text-2xl font-bold tabular-nums" data-testid="mypage-points">
                    {formatPoints(member.points, lang)}
                  </dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link
                  to={`/${lang}/balance/`}
                  className="inline-flex h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  {t("wallet.open")}
                </Link>
                <Link
                  to={`/${lang}/sell/`}
                  className="inline-flex h-10 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {t("sell")}
                </Link>
              </div>
            </section>
            <TradesUnderWay data={member.trades} lang={lang} />
          </>
        )}
      </div>
      <div className="flex flex-col gap-6">
        {account.role === "member" && (
          <section aria-labelledby="lists-title">
            <h2 id="lists-title" className="mb-2 text-sm font-bold text-slate-500">
              {settings("mypageLists.lists")}
            </h2>
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <MenuLink to={`/${lang}/mypage/listing-items/`}>
                {settings("mypageLists.listingItemsTitle")}
              </MenuLink>
              <MenuLink to={`/${lang}/mypage/purchased-items/`}>{settings("buying.purchasedTitle")}</MenuLink>
              <MenuLink to={`/${lang}/mypage/offers/`}>{settings("offers.page.title")}</MenuLink>
              <MenuLink to={`/${lang}/mypage/saved-searches/`}>
                {settings("catalog.savedPage.title")}
              </MenuLink>
              <MenuLink to={`/${lang}/mypage/liked-items/`}>
                {settings("mypageLists.likedItemsTitle")}
              </MenuLink>
              <MenuLink to={`/${lang}/mypage/followed-users/`}>
                {settings("mypageLists.followedUsersTitle")}
              </MenuLink>
              <MenuLink to={`/${lang}/mypage/blocked-users/`}>
                {settings("mypageLists.blockedUsersTitle")}
              </MenuLink>
            </ul>
          </section>
        )}
        {member && (
          <section aria-labelledby="services-title">
            <h2 id="services-title" className="mb-2 text-sm font-bold text-slate-500">
              {t("services.title")}
            </h2>
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <MenuLink to={`/${lang}/buyback/mypage/`}>{t("services.buyback")}</MenuLink>
              <MenuLink to={`/${lang}/imei-checker/`}>{t("services.imeiChecker")}</MenuLink>
              <MenuLink to={`/${lang}/help/`}>{shell("help")}</MenuLink>
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
    </div>
  );
}
