import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { BRANDS, CATEGORIES, ITEM_CONDITIONS } from "#core/catalog/codes.ts";
import { deleteSavedSearch } from "#core/catalog/delete-saved-search.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  NETWORK_RESTRICTIONS,
  STORAGE_SIZES,
} from "#core/catalog/device-facts.ts";
import type { ItemCard } from "#core/catalog/item-card.ts";
import { listSavedSearches } from "#core/catalog/list-saved-searches.ts";
import { type BrandMarketRow, brandMarketPrices } from "#core/catalog/market-prices.ts";
import { getModel, listModels } from "#core/catalog/models.ts";
import { saveSearch } from "#core/catalog/save-search.ts";
import { defaultSort, isEmptyQuery, searchParamsOf, type TSearchQuery } from "#core/catalog/search-params.ts";
import type { NoResultHelp } from "#core/catalog/search-suggestions.ts";
import type { Message } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { FormError } from "../../components/form.tsx";
import { ItemTile } from "../../components/item-grid.tsx";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { ScrollRegion } from "../../components/scroll-region.tsx";
import { formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { codeOptions, label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  idOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
} from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/search";
import { summarizeQueries } from "./query-summary.ts";
import { searchPage } from "./search.server.ts";

export const handle = { tab: "search", wide: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { query, page, help } = await searchPage(context, request, params);
  const user = requestInfo(context).user;
  const ctx = core(context);
  // A model chosen from the suggestions: its brand's models fill the model filter.
  const chosen = query.model ? await getModel(ctx, query.model) : null;
  const brandOfModels = query.brand ?? chosen?.brandCode;
  const [models, saved, market] = await Promise.all([
    brandOfModels ? listModels(ctx, { brandCode: brandOfModels }) : Promise.resolve([]),
    user && isEmptyQuery(query) ? listSavedSearches(ctx, user.id) : Promise.resolve([]),
    // A brand's page shows what its models sell for.
    params.code ? brandMarketPrices(ctx, { brandCode: params.code }) : Promise.resolve([]),
  ]);
  return {
    query,
    page,
    help,
    brandPage: params.code ?? null,
    models: models.map((m) => ({ id: m.id, name: m.name })),
    chosenModel: chosen ? { id: chosen.id, name: chosen.name, storage: chosen.storageOptions } : null,
    saved: await savedWithSummaries(ctx, saved, langOf(params)),
    market,
    loggedIn: user !== null,
  };
}

/** Saved searches with their conditions in words, for the list beside an empty search. */
async function savedWithSummaries(
  ctx: ReturnType<typeof core>,
  saved: { id: number; query: string }[],
  lang: Locale,
) {
  const summaries = await summarizeQueries(
    ctx,
    saved.map((s) => s.query),
    lang,
  );
  return saved.map((s, i) => ({ id: s.id, query: s.query, summary: summaries[i]! }));
}

export function meta(args: Route.MetaArgs) {
  const lang = localeOf(args.location.pathname);
  const t = translator(lang);
  const q = args.loaderData?.query;
  const brand = args.loaderData?.brandPage;
  const title = brand
    ? t("catalog.brandTitle", { brand: label(BRANDS, brand, lang) })
    : q?.keyword
      ? t("catalog.searchResultsTitle", { keyword: q.keyword })
      : args.location.pathname.endsWith("/items/")
        ? t("catalog.itemsTitle")
        : t("catalog.searchTitle");
  // Filtered result pages are not indexed; the brand pages and the plain list are.
  const filtered = q ? searchParamsOf({ ...q, brand: undefined }).toString() !== "" : false;
  return seo(args, { title, noindex: filtered });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  try {
    if (form.get("intent") === "delete-saved") {
      await deleteSavedSearch(core(context), { actor, id: idOf(form.get("id")) });
      return redirectWithFlash(context, `/${lang}/items/search/`, "catalog.savedSearchDeleted");
    }
    const params = new URLSearchParams(String(form.get("query") ?? ""));
    await saveSearch(core(context), { actor, params });
    return redirectWithFlash(context, `/${lang}/items/search/?${params}`, "catalog.searchSaved");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

function CheckGroup({
  name,
  legend,
  items,
  checked,
}: {
  name: string;
  legend: string;
  items: { value: string; label: string }[];
  checked: (string | number)[];
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {items.map((i) => (
          <label key={i.value} className="choice-chip">
            <input
              type="checkbox"
              name={name}
              value={i.value}
              defaultChecked={checked.map(String).includes(i.value)}
              className="accent-brand-600"
            />
            {i.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Filters({
  q,
  lang,
  models,
  brandPage,
  storageSizes,
}: {
  q: TSearchQuery;
  lang: Locale;
  models: { id: number; name: string }[];
  brandPage: string | null;
  /** The chosen model's sizes; all sizes otherwise. */
  storageSizes?: number[] | undefined;
}) {
  const t = useTranslations("catalog");
  const opts = (table: readonly { code: string; label: Message }[]) => codeOptions(table, lang);
  const select = "mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";
  const [brand, setBrand] = useState<string | null>(null);
  // New results (a search) start again from the page's own brand.
  useEffect(() => setBrand(null), [q]);
  return (
    <div className="flex flex-col gap-5 p-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-1">
        <label className="text-sm font-semibold">
          {t("category")}
          <select name="category" defaultValue={q.category ?? ""} className={select}>
            <option value="">{t("any")}</option>
            {opts(CATEGORIES).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {!brandPage && (
          <label className="text-sm font-semibold">
            {t("brand")}
            <select
              name="brand"
              defaultValue={q.brand ?? ""}
              className={select}
              onChange={(e) => setBrand(e.currentTarget.value)}
            >
              <option value="">{t("any")}</option>
              {opts(BRANDS).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <ModelSelect q={q} models={models} brand={brand} className={select} />
      </div>
      {/* Keyed on the page's value, so that a filter removed by a link is unticked here too. */}
      <label key={String(q.checked)} className="choice-chip items-start rounded-2xl py-2">
        <input
          type="checkbox"
          name="checked"
          value="1"
          defaultChecked={q.checked}
          aria-describedby="self-checked-hint"
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span>
          <span className="font-semibold">{t("selfChecked")}</span>
          <span id="self-checked-hint" className="block text-xs text-slate-600">
            {t("selfCheckedHint")}
          </span>
        </span>
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("status")}</legend>
        <div className="flex gap-4 text-sm">
          {(["all", "on_sale", "sold"] as const).map((s) => (
            <label key={s} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="status"
                value={s}
                defaultChecked={q.status === s}
                className="accent-brand-600"
              />
              {t(s === "all" ? "statusAll" : s === "on_sale" ? "statusOnSale" : "statusSold")}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("postageFilter")}</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ["", t("any")],
              ["INCLUDED", t("postageIncluded")],
              ["ARRIVAL", t("postageArrival")],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="choice-chip">
              <input
                type="radio"
                name="postage"
                value={value}
                defaultChecked={(q.postage ?? "") === value}
                className="accent-brand-600"
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("priceRange")}</legend>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor="price-min">
            {t("priceMin")}
          </label>
          <input
            id="price-min"
            name="price_min"
            inputMode="numeric"
            placeholder={t("priceMin")}
            defaultValue={q.priceMin ?? ""}
            className="h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
          />
          <span aria-hidden="true">〜</span>
          <label className="sr-only" htmlFor="price-max">
            {t("priceMax")}
          </label>
          <input
            id="price-max"
            name="price_max"
            inputMode="numeric"
            placeholder={t("priceMax")}
            defaultValue={q.priceMax ?? ""}
            className="h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
          />
        </div>
      </fieldset>
      <CheckGroup
        name="condition"
        legend={t("condition")}
        items={opts(ITEM_CONDITIONS)}
        checked={q.condition}
      />
      <CheckGroup name="defects" legend={t("defectsHas")} items={opts(DEFECTS)} checked={q.defects} />
      <CheckGroup name="no_defects" legend={t("defectsNone")} items={opts(DEFECTS)} checked={q.noDefects} />
      <CheckGroup
        name="storage"
        legend={t("storage")}
        items={(storageSizes?.length ? storageSizes : STORAGE_SIZES).map((s) => ({
          value: String(s),
          label: s >= 1024 ? `${s / 1024}TB` : `${s}GB`,
        }))}
        checked={q.storage}
      />
      <CheckGroup
        name="network_restriction"
        legend={t("networkRestriction")}
        items={opts(NETWORK_RESTRICTIONS)}
        checked={q.networkRestriction}
      />
      <CheckGroup
        name="activation_lock"
        legend={t("activationLock")}
        items={opts(ACTIVATION_LOCKS)}
        checked={q.activationLock}
      />
      <CheckGroup name="carrier" legend={t("carrier")} items={opts(CARRIERS)} checked={q.carrier} />
      <CheckGroup name="color" legend={t("color")} items={opts(COLORS)} checked={q.color} />
      <label className="text-sm font-semibold">
        {t("batteryMin")}
        <select name="battery_min" defaultValue={q.batteryMin ?? ""} className={select}>
          <option value="">{t("any")}</option>
          {[95, 90, 85, 80, 70].map((b) => (
            <option key={b} value={b}>
              {b}%
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * The model filter: the chosen brand's models from the catalogue. With scripts the list follows the
 * brand as it changes; without, a search with the brand chosen brings its models.
 */
function ModelSelect({
  q,
  models: initial,
  brand,
  className,
}: {
  q: TSearchQuery;
  models: { id: number; name: string }[];
  /** The brand chosen on the form since the page loaded; null while it is the page's own. */
  brand: string | null;
  className: string;
}) {
  const t = useTranslations("catalog");
  const [models, setModels] = useState(initial);
  useEffect(() => {
    if (brand === null) {
      setModels(initial);
      return;
    }
    if (!brand) {
      setModels([]);
      return;
    }
    let current = true;
    fetch(`/api/v1/models?${new URLSearchParams({ brand })}`)
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { models: { id: number; name: string }[] } | null) => {
        if (current && body) setModels(body.models.map((m) => ({ id: m.id, name: m.name })));
      })
      .catch(() => {
        // The list stays as it was; searching with the brand chosen brings its models.
      });
    return () => {
      current = false;
    };
  }, [brand, initial]);
  // A model of another brand is no longer chosen once the brand changes.
  const chosen = brand === null && q.model ? String(q.model) : "";
  return (
    <div className="flex flex-col">
      <label className="text-sm font-semibold">
        {t("model")}
        <select
          key={`${brand ?? "initial"}-${models.length}`}
          name="model"
          defaultValue={chosen}
          className={className}
          aria-describedby={models.length === 0 ? "model-needs-brand" : undefined}
        >
          <option value="">{t("any")}</option>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {models.length === 0 && (
        <p id="model-needs-brand" className="mt-1 text-xs text-slate-600">
          {t("modelNeedsBrand")}
        </p>
      )}
    </div>
  );
}

export default function Search({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const lang = langOf(params);
  const { query: q, page, help, brandPage, models, saved, loggedIn, market, chosenModel } = loaderData;
  const submit = useSubmit();
  const qs = searchParamsOf(q).toString();
  const action = brandPage ? `/${lang}/items/brand/${brandPage}/` : `/${lang}/items/search/`;
  const [first, setFirst] = useState<Page<ItemCard>>(page);
  useEffect(() => setFirst(page), [page]);
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<ItemCard>> => {
      const params = new URLSearchParams(qs);
      if (brandPage) params.set("brand", brandPage);
      params.set("cursor", cursor);
      const res = await fetch(`/${lang}/items/search/results/?${params}`);
      if (!res.ok) throw new Error(`search page ${res.status}`);
      return res.json();
    },
    [qs, lang, brandPage],
  );
  const heading = brandPage
    ? t("brandTitle", { brand: label(BRANDS, brandPage, lang) })
    : q.keyword
      ? t("searchResultsTitle", { keyword: q.keyword })
      : chosenModel
        ? t("modelTitle", { model: chosenModel.name })
        : t("searchTitle");
  const withoutModel = new URLSearchParams(qs);
  withoutModel.delete("model");
  const withoutChecked = new URLSearchParams(qs);
  withoutChecked.delete("checked");
  const filterCount = searchParamsOf({
    ...q,
    keyword: "",
    sort: defaultSort({ keyword: "" }),
    ...(brandPage ? { brand: undefined } : {}),
  })
    .toString()
    .split("&")
    .filter(Boolean).length;
  return (
    // The third row takes what the sidebar needs beyond the first two, so they stay as tall as their content.
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:items-start lg:gap-x-8">
      <div className="flex flex-col gap-2 lg:col-start-2">
        {/* The results come first after the header; the filters, beside them on a desk, are one step away. */}
        <a
          href="#search-filters"
          className="sr-only self-start rounded-lg bg-white font-semibold text-brand-700 ring-2 ring-brand-600 focus:not-sr-only focus:px-4! focus:py-2!"
        >
          {t("skipToFilters")}
        </a>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-xl font-bold">{heading}</h1>
          {page.count !== undefined && <ResultCount count={page.count} capped={page.countCapped ?? false} />}
          {!isEmptyQueryClient(qs) && !brandPage && (
            <Form method="post" action={`/${lang}/items/search/`} className="ml-auto">
              <input type="hidden" name="query" value={qs} />
              <button
                type="submit"
                className="min-h-11 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold"
              >
                {t("saveSearch")}
              </button>
            </Form>
          )}
        </div>
        <FormError message={actionData?.formError} />
        {chosenModel && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="chosen-model">
            <span className="text-slate-600">{t("model")}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 font-semibold text-brand-800 ring-1 ring-brand-200">
              {chosenModel.name}
              <Link
                to={`${action}?${withoutModel}`}
                className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={t("removeModel", { model: chosenModel.name })}
              >
                <span aria-hidden="true">×</span>
              </Link>
            </span>
          </p>
        )}
        {q.checked && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-self-checked">
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 font-semibold text-brand-800 ring-1 ring-brand-200">
              <span aria-hidden="true">✓</span>
              {t("selfChecked")}
              <Link
                to={`${action}?${withoutChecked}`}
                className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={t("removeSelfChecked")}
              >
                <span aria-hidden="true">×</span>
              </Link>
            </span>
          </p>
        )}
        {page.correctedKeyword && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="corrected-keyword">
            <span className="font-semibold">
              {t("correctedKeyword", { corrected: page.correctedKeyword })}
            </span>
            <span className="block text-xs">{t("correctedKeywordNote", { typed: q.keyword })}</span>
          </p>
        )}
      </div>
      {/* The keyword and the order belong to the filters' form below the results (the form attribute). */}
      <search className="flex flex-col gap-3 lg:col-start-2" aria-label={t("searchTitle")}>
        <div className="flex gap-2">
          <label htmlFor="search-keyword" className="sr-only">
            {t("keyword")}
          </label>
          <input
            id="search-keyword"
            form="search-form"
            name="keyword"
            type="search"
            defaultValue={q.keyword}
            placeholder={t("keywordPlaceholder")}
            className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base"
          />
          <button
            type="submit"
            form="search-form"
            className="rounded-lg bg-brand-600 px-4 font-semibold text-white"
          >
            {t("apply")}
          </button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-slate-600">{t("sort")}</span>
            <select
              form="search-form"
              name="sort"
              defaultValue={q.sort}
              onChange={(e) => submit(e.currentTarget.form)}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {q.keyword.trim() && <option value="relevance">{t("sortRelevance")}</option>}
              <option value="new">{t("sortNew")}</option>
              <option value="price_asc">{t("sortPriceAsc")}</option>
              <option value="price_desc">{t("sortPriceDesc")}</option>
              <option value="likes">{t("sortLikes")}</option>
            </select>
          </label>
          {/* On a desk it is at the head of the filters. */}
          {qs && <ClearFilters to={action} className="lg:hidden" />}
        </div>
      </search>
      {/* A phone shows its button to the filters above the results. */}
      <div className="flex flex-col gap-4 max-lg:order-1 lg:col-start-2">
        <PagedList
          first={first}
          fetchPage={fetchPage}
          getKey={(i) => String(i.id)}
          label={t("resultsLabel")}
          listClassName="grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-5"
          renderItem={(item, index) => <ItemTile item={item} lang={lang} eager={index < 3} />}
          empty={<NoResults help={help} action={action} />}
        />
        {/* The member's saved searches come after the results: the first result stays close to the top. */}
        {loggedIn && saved.length > 0 && (
          <section
            aria-labelledby="saved-title"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="saved-title" className="mb-2 text-sm font-bold">
              {t("savedSearches")}
            </h2>
            <ul className="divide-y divide-slate-100">
              {saved.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <Link
                    to={`/${lang}/items/search/?${s.query}`}
                    className="min-w-0 truncate text-brand-700 underline"
                  >
                    {s.summary.join(t("separator"))}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-saved" />
                    <input type="hidden" name="id" value={s.id} />
                    <button type="submit" className="text-xs text-slate-500 underline">
                      {t("deleteSavedSearch")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Link
              to={`/${lang}/mypage/saved-searches/`}
              className="mt-2 inline-block text-sm text-brand-700 underline"
            >
              {t("manageSavedSearches")}
            </Link>
          </section>
        )}
        {/* A brand's page shows its listings first; what its models sell for comes after them. */}
        {brandPage && <BrandMarket rows={market} brand={label(BRANDS, brandPage, lang)} lang={lang} />}
      </div>
      <Form id="search-form" method="get" action={action} className="contents">
        <FilterSheet
          filterCount={filterCount}
          total={page.count ?? null}
          capped={page.countCapped ?? false}
          resultsKey={qs}
          brandPage={brandPage}
          clear={qs ? <ClearFilters to={action} className="hidden lg:inline" /> : null}
        >
          <Filters
            q={q}
            lang={lang}
            models={models}
            brandPage={brandPage}
            storageSizes={chosenModel?.storage}
          />
        </FilterSheet>
      </Form>
    </div>
  );
}

function ClearFilters({ to, className }: { to: string; className: string }) {
  const t = useTranslations("catalog");
  return (
    <Link to={to} className={`text-sm text-brand-700 underline ${className}`}>
      {t("clear")}
    </Link>
  );
}

/** A form's filters as search parameters (what the page would ask for), for counting as they change. */
function paramsOfForm(form: HTMLFormElement, brandPage: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(key, value);
  }
  if (brandPage) params.set("brand", brandPage);
  return params;
}

/**
 * The filters: on a phone a full-screen sheet opened from a button, the number of results updating
 * as filters change and a "show N results" button always in reach; on a desktop a sidebar beside
 * the results. Without scripts it is a disclosure that opens in place, and the button searches.
 */
function FilterSheet({
  filterCount,
  total,
  capped,
  resultsKey,
  brandPage,
  clear,
  children,
}: {
  filterCount: number;
  /** How many the page's search found (null when it did not count). */
  total: number | null;
  capped: boolean;
  /** The page's query: when it changes, new results have arrived. */
  resultsKey: string;
  brandPage: string | null;
  /** A link that drops every filter, at the head of a desk's sidebar. */
  clear: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("catalog");
  const countText = useCountText();
  const ref = useRef<HTMLDetailsElement>(null);
  const [count, setCount] = useState(total === null ? null : { count: total, capped });
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // New results arrived (the sheet's button searched, or the page moved on): the phone's sheet closes.
  // Not on the first run, at hydration: a sheet opened before the scripts arrived stays open.
  const hydrated = useRef(false);
  useEffect(() => {
    setCount(total === null ? null : { count: total, capped });
    if (!hydrated.current) {
      hydrated.current = true;
      return;
    }
    if (ref.current && !window.matchMedia("(min-width: 1024px)").matches) ref.current.open = false;
  }, [total, capped, resultsKey]);
  useEffect(() => {
    // A desk has room for the filters beside the results: open from the start.
    const desk = window.matchMedia("(min-width: 1024px)");
    if (desk.matches && ref.current) ref.current.open = true;
    return () => clearTimeout(timer.current);
  }, []);
  const recount = (form: HTMLFormElement | null) => {
    if (!form) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const ticket = ++asked.current;
      try {
        const res = await fetch(`/api/v1/items/count?${paramsOfForm(form, brandPage)}`, {
          headers: { accept: "application/json" },
        });
        if (!res.ok || ticket !== asked.current) return;
        const body = (await res.json()) as { count: number; count_capped: boolean };
        setCount({ count: body.count, capped: body.count_capped });
      } catch {
        // The button still searches; it just says "search" instead of the number.
      }
    }, 200);
  };
  const close = () => {
    if (ref.current && !window.matchMedia("(min-width: 1024px)").matches) ref.current.open = false;
  };
  return (
    <details
      ref={ref}
      className="filter-sheet group lg:col-start-1 lg:row-span-3 lg:row-start-1"
      data-testid="filter-sheet"
      onToggle={(event) => {
        const open = event.currentTarget.open && !window.matchMedia("(min-width: 1024px)").matches;
        document.documentElement.classList.toggle("overflow-hidden", open);
      }}
      onChange={(event) => recount((event.target as unknown as HTMLInputElement).form)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold lg:group-open:hidden [&::-webkit-details-marker]:hidden">
        <FilterIcon />
        {t("filters")}
        {filterCount > 0 && (
          <span
            className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white"
            data-testid="filter-count"
          >
            {filterCount}
          </span>
        )}
      </summary>
      {/* The skip link's target: on a phone, going to it opens the sheet. */}
      <section
        id="search-filters"
        tabIndex={-1}
        aria-labelledby="filter-sheet-title"
        className="fixed inset-0 z-50 flex flex-col bg-white outline-none lg:static lg:scroll-mt-20 lg:z-auto lg:rounded-2xl lg:ring-1 lg:ring-slate-200"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="filter-sheet-title" className="text-base font-bold">
            {t("filters")}
          </h2>
          {clear}
          <button
            type="button"
            onClick={close}
            className="min-h-11 rounded-full px-3 text-sm font-semibold text-brand-700 lg:hidden"
          >
            {t("closeFilters")}
          </button>
        </div>
        {/* A phone's sheet scrolls inside; on a desk the sidebar scrolls with the page, its button kept in view. */}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain lg:overflow-visible">
          {children}
        </div>
        <div className="border-t border-slate-200 bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))] lg:sticky lg:bottom-0 lg:rounded-b-2xl">
          <button
            type="submit"
            className="h-12 w-full rounded-full bg-brand-600 font-semibold text-white"
            data-testid="show-results"
          >
            {count === null ? t("apply") : t("showResults", { count: countText(count.count, count.capped) })}
          </button>
        </div>
      </section>
    </details>
  );
}

function FilterIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
    </svg>
  );
}

/** What a brand's models sold for (相場), each condition with enough sales a row. */
function BrandMarket({ rows: all, brand, lang }: { rows: BrandMarketRow[]; brand: string; lang: Locale }) {
  const t = useTranslations("market");
  // Only what has sold: a model and condition with no sales yet would be a row of dashes.
  const rows = all
    .map((row) => ({ ...row, prices: row.prices.filter((p) => p.median !== null) }))
    .filter((row) => row.prices.length > 0);
  if (rows.length === 0) return null;
  const days = rows[0]?.prices[0]?.windowDays ?? 90;
  return (
    <section
      aria-labelledby="brand-market-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="brand-market"
    >
      <h2 id="brand-market-title" className="text-base font-bold">
        {t("brandTitle", { brand })}
      </h2>
      <p className="mb-2 text-xs text-slate-600">{t("brandNote", { days })}</p>
      <ScrollRegion label={t("brandTitle", { brand })}>
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t("columns.model")}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t("columns.condition")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t("columns.median")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t("columns.range")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t("columns.count")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.flatMap((row) =>
              row.prices.map((p) => (
                <tr key={`${row.modelId}-${p.condition}`} data-testid="brand-market-row">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {row.modelName}
                  </th>
                  <td className="py-2 pr-3">{label(ITEM_CONDITIONS, p.condition, lang)}</td>
                  <td className="py-2 pr-3 text-right font-bold tabular-nums">
                    {p.median !== null ? formatYen(p.median, lang) : "—"}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {p.q1 !== null && p.q3 !== null
                      ? t("range", { low: formatYen(p.q1, lang), high: formatYen(p.q3, lang) })
                      : "—"}
                  </td>
                  <td className="py-2 text-right tabular-nums">{p.count}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** How many listings matched: exact up to the limit, "1,000件以上" beyond. */
function ResultCount({ count, capped }: { count: number; capped: boolean }) {
  const countText = useCountText();
  return (
    <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
      {countText(count, capped)}
    </p>
  );
}

/** A number of listings in words: "12件", or "1,000件以上" beyond the count's limit. */
function useCountText(): (count: number, capped: boolean) => string {
  const t = useTranslations("catalog");
  return (count, capped) => (capped ? t("resultCountCapped", { count }) : t("resultCount", { count }));
}

/** The param of a filter, as its name on the filter panel. */
const FILTER_NAMES: Record<string, Parameters<ReturnType<typeof useTranslations<"catalog">>>[0]> = {
  category: "category",
  brand: "brand",
  model: "model",
  condition: "condition",
  status: "status",
  price_min: "priceMin",
  price_max: "priceMax",
  storage: "storage",
  color: "color",
  carrier: "carrier",
  network_restriction: "networkRestriction",
  activation_lock: "activationLock",
  battery_min: "batteryMin",
  postage: "postageFilter",
  defects: "defectsHas",
  no_defects: "defectsNone",
  checked: "selfChecked",
};

/** An empty result: the nearest model names to search for, and filters to drop with what each finds. */
function NoResults({ help, action }: { help: NoResultHelp | null; action: string }) {
  const t = useTranslations("catalog");
  const countText = useCountText();
  return (
    <div
      className="flex flex-col gap-4 rounded-2xl bg-white p-6 text-sm text-slate-700"
      data-testid="no-results"
    >
      <p className="text-center">{t("noResults")}</p>
      {help && help.models.length > 0 && (
        <div>
          <p className="font-semibold">{t("nearestModels")}</p>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="nearest-models">
            {help.models.map((name) => (
              <li key={name}>
                <Link
                  to={`${action}?${new URLSearchParams({ keyword: name })}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-semibold text-brand-700"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {help && help.dropFilters.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="drop-filters">
          {help.dropFilters.map((d) => (
            <li key={d.param}>
              <Link
                to={`${action}?${d.params}`}
                className="inline-flex min-h-11 items-center text-brand-700 underline"
              >
                {t("dropFilter", {
                  filter: FILTER_NAMES[d.param] ? t(FILTER_NAMES[d.param]!) : d.param,
                  count: countText(d.count, d.countCapped),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function isEmptyQueryClient(qs: string): boolean {
  return (
    new URLSearchParams(qs).toString() === "" ||
    [...new URLSearchParams(qs).keys()].every((k) => k === "sort")
  );
}
