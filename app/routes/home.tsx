import { Link, useRouteLoaderData } from "react-router";
import {
  isQuoteCondition,
  listQuoteModels,
  QUOTE_CONDITION_CODES,
  quickQuote,
} from "#core/buyback/quick-quote.ts";
import { BRANDS } from "#core/catalog/codes.ts";
import { cardsByIds } from "#core/catalog/item-card.ts";
import { newForLatestSavedSearch } from "#core/catalog/list-saved-searches.ts";
import { searchItems } from "#core/catalog/search-items.ts";
import { parseSearchQuery } from "#core/catalog/search-query.ts";
import { toDoList } from "#core/home/to-do.ts";
import { isAppError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { tradesUnderWay } from "#core/trading/trades-under-way.ts";
import { ToDoList } from "../components/account/to-do-list.tsx";
import { InstantQuote, type InstantQuoteData } from "../components/buyback/instant-quote.tsx";
import { TradesUnderWay } from "../components/buying/trades-under-way.tsx";
import { CategoryLinks } from "../components/category-links.tsx";
import { ItemGrid } from "../components/item-grid.tsx";
import type { RootData } from "../components/shell/shell.tsx";
import { translator } from "../i18n/index.ts";
import { useTranslations } from "../i18n/use-translations.ts";
import { langOf } from "../lib/lang.ts";
import { recentIds } from "../lib/recent.ts";
import { cookiesOf, core, requestInfo, services } from "../lib/request.server.ts";
import { localeOf, seo } from "../lib/seo.ts";
import type { Route } from "./+types/home";

export const handle = { tab: "home" };

/**
 * The visitor's instant quote from the address (`?model=…&condition=…`): the models with a price now,
 * what was chosen, a message for a choice left out once the form was sent, and the price range.
 */
async function instantQuote(
  context: Route.LoaderArgs["context"],
  search: URLSearchParams,
  lang: "ja" | "en",
): Promise<InstantQuoteData> {
  const ctx = core(context);
  const models = await services(context).reads.read("buyback quote models", () => listQuoteModels(ctx));
  const chosen = { model: search.get("model") ?? "", condition: search.get("condition") ?? "" };
  const data: InstantQuoteData = {
    models,
    conditions: QUOTE_CONDITION_CODES,
    chosen,
    errors: {},
    quote: null,
  };
  if (!search.has("model") && !search.has("condition")) return data;
  const t = translator(lang);
  const model = models.find((m) => String(m.id) === chosen.model.trim());
  const condition = chosen.condition.trim();
  if (!model) data.errors.model = t("home.quote.modelRequired");
  if (!isQuoteCondition(condition)) data.errors.condition = t("home.quote.conditionRequired");
  if (!model || !isQuoteCondition(condition)) return data;
  try {
    data.quote = await quickQuote(ctx, { modelId: model.id, condition });
  } catch (error) {
    // The model left the catalogue since the list was read: as if none were chosen.
    if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
    data.errors.model = t("home.quote.modelRequired");
  }
  return data;
}

/** How many rows of the to-do list the home page shows before 「すべて見る」. */
const HOME_TO_DO = 3;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = core(context);
  const viewer = requestInfo(context).user;
  // A member's own things come first: their trades under way and their latest saved search.
  const member = viewer?.role === "member" ? viewer.id : null;
  const [fresh, recent, toDo, trades, saved, quote] = await Promise.all([
    // The newest listings, the same for everyone: kept briefly between requests (decision 030).
    services(context).reads.read("home fresh", () =>
      searchItems(ctx, { query: parseSearchQuery({ status: "on_sale" }), limit: 18 }),
    ),
    cardsByIds(ctx, recentIds(cookiesOf(request)).slice(0, 12)),
    // What waits for them first: the first few of their to-do list, all of it on my page.
    member ? toDoList(ctx, { userId: member, limit: HOME_TO_DO }) : null,
    member ? tradesUnderWay(ctx, { userId: member, limit: 5 }) : null,
    member ? newForLatestSavedSearch(ctx, { userId: member, limit: 6 }) : null,
    // A visitor's home opens with the instant quote; a signed-in person's links to the buyback.
    viewer ? null : instantQuote(context, new URL(request.url).searchParams, langOf(params)),
  ]);
  return {
    fresh: fresh.items,
    recent: recent.filter((i) => i.state !== "DRAFT" && i.state !== "PRIVATE"),
    toDo,
    now: ctx.clock.now(),
    trades,
    saved,
    quote,
  };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  // A quote is one visitor's choice: only the home itself is for search engines.
  return seo(args, { title: t("home.title"), noindex: args.location.search !== "" });
}

/**
 * What a member sees first on the home page: the first few things waiting for them (their to-do
 * list), their trades under way, and the newest listings for the search they saved last.
 */
function MemberSummary({
  nickname,
  lang,
  toDo,
  now,
  trades,
  saved,
}: {
  nickname: string;
  lang: "ja" | "en";
  toDo: Route.ComponentProps["loaderData"]["toDo"];
  now: Date;
  trades: Route.ComponentProps["loaderData"]["trades"];
  saved: Route.ComponentProps["loaderData"]["saved"];
}) {
  const t = useTranslations("home");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">{t("welcome", { nickname })}</h1>
        <Link to={`/${lang}/mypage/`} className="text-sm text-brand-700 underline">
          {t("ctaMypage")}
        </Link>
      </div>
      {toDo && toDo.total > 0 && <ToDoList data={toDo} now={now} lang={lang} allLink />}
      {trades && trades.total > 0 && <TradesUnderWay data={trades} lang={lang} />}
      {saved && (
        <section aria-labelledby="saved-title">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="saved-title" className="text-lg font-bold">
              {saved.keyword
                ? t("savedSearchTitle", { keyword: saved.keyword })
                : t("savedSearchTitleNoKeyword")}
            </h2>
            <Link
              to={`/${lang}/items/search/?${saved.query}`}
              className="shrink-0 text-sm text-brand-700 underline"
            >
              {t("savedSearchAll")}
            </Link>
          </div>
          {saved.items.length > 0 ? (
            <ItemGrid items={saved.items} lang={lang} label={t("savedSearchLabel")} />
          ) : (
            <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
              {t("savedSearchNone")}
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** A signed-in person's way to the buyback: a card under their own things. */
function BuybackBanner({ lang }: { lang: "ja" | "en" }) {
  const t = useTranslations("home.quote");
  return (
    <Link
      to={`/${lang}/buyback/`}
      className="flex flex-col gap-1 rounded-2xl bg-gradient-to-r from-brand-50 to-white p-5 shadow-sm ring-1 ring-brand-100 hover:ring-brand-600 sm:flex-row sm:items-center sm:justify-between"
      data-testid="home-buyback-link"
    >
      <span>
        <span className="block font-bold text-slate-900">{t("bannerTitle")}</span>
        <span className="mt-1 block text-sm text-slate-600">{t("bannerBody")}</span>
      </span>
      <span className="mt-2 shrink-0 text-sm font-semibold text-brand-700 underline sm:mt-0">
        {t("bannerLink")}
      </span>
    </Link>
  );
}

function Feature({ title, body }: { title: string; body: string }) {
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="font-bold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
    </li>
  );
}

export default function Home({ params, loaderData }: Route.ComponentProps) {
  const t = useTranslations("home");
  const c = useTranslations("catalog");
  const root = useRouteLoaderData("root") as RootData | undefined;
  const lang = langOf(params);
  const user = root?.user;
  return (
    <div className="flex flex-col gap-10">
      {user ? (
        <MemberSummary
          nickname={user.nickname}
          lang={lang}
          toDo={loaderData.toDo}
          now={loaderData.now}
          trades={loaderData.trades}
          saved={loaderData.saved}
        />
      ) : (
        <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-6 text-white sm:px-10 sm:py-10">
          <h1 className="text-2xl leading-tight font-bold sm:text-4xl">{t("heroTitle")}</h1>
          <p className="mt-4 max-w-2xl text-sm leading-relaxed text-brand-50 sm:text-base">{t("heroBody")}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link
              to={`/${lang}/signup/`}
              className="inline-flex h-12 items-center rounded-full bg-white px-6 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("ctaSignup")}
            </Link>
            <Link
              to={`/${lang}/login/`}
              className="inline-flex h-12 items-center rounded-full border border-white/60 px-6 font-semibold text-white hover:bg-white/10"
            >
              {t("ctaLogin")}
            </Link>
          </div>
        </section>
      )}
      {loaderData.quote ? (
        <InstantQuote data={loaderData.quote} lang={lang} />
      ) : (
        <BuybackBanner lang={lang} />
      )}
      {loaderData.recent.length > 0 && (
        <section aria-labelledby="recent-title">
          <h2 id="recent-title" className="mb-3 text-lg font-bold">
            {c("recentlyViewed")}
          </h2>
          <ItemGrid items={loaderData.recent} lang={lang} label={c("recentlyViewed")} />
        </section>
      )}
      <section aria-labelledby="fresh-title">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="fresh-title" className="text-lg font-bold">
            {c("newArrivals")}
          </h2>
          <Link to={`/${lang}/items/`} className="text-sm text-brand-700 underline">
            {c("seeAll")}
          </Link>
        </div>
        {loaderData.fresh.length > 0 ? (
          <ItemGrid items={loaderData.fresh} lang={lang} label={c("newArrivals")} />
        ) : (
          <p className="rounded-2xl bg-white p-6 text-center text-sm text-slate-600">
            {c("emptyCatalog")}{" "}
            <Link to={`/${lang}/sell/`} className="font-semibold text-brand-700 underline">
              {c("sellCta")}
            </Link>
          </p>
        )}
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-3 text-lg font-bold">
          {c("categories")}
        </h2>
        <CategoryLinks lang={lang} />
      </section>
      <section aria-labelledby="brands-title">
        <h2 id="brands-title" className="mb-3 text-lg font-bold">
          {c("brands")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {BRANDS.map((b) => (
            <li key={b.code}>
              <Link
                to={`/${lang}/items/brand/${b.code}/`}
                className="block rounded-full bg-white px-4 py-2 text-sm shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
              >
                {renderMessage(b.label, lang)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {!user && (
        <>
          <section aria-labelledby="features-title">
            <h2 id="features-title" className="text-xl font-bold">
              {t("featuresTitle")}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-3">
              <Feature title={t("feature1Title")} body={t("feature1Body")} />
              <Feature title={t("feature2Title")} body={t("feature2Body")} />
              <Feature title={t("feature3Title")} body={t("feature3Body")} />
            </ul>
          </section>
          <section
            aria-labelledby="mission-title"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="mission-title" className="text-xl font-bold">
              {t("missionTitle")}
            </h2>
            <p className="mt-3 text-sm leading-relaxed text-slate-600">{t("missionBody")}</p>
          </section>
        </>
      )}
    </div>
  );
}
