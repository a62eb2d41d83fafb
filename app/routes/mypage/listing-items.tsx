import { useCallback } from "react";
import { Form, Link } from "react-router";
import type { ItemCard } from "#core/catalog/item-card.ts";
import { isCopyableState } from "#core/catalog/item-states.ts";
import { listTransactions } from "#core/trading/list-transactions.ts";
import { TransactionList } from "../../components/buying/transaction-list.tsx";
import { ItemTile } from "../../components/item-grid.tsx";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/listing-items";
import { LISTING_TABS, type ListingTab } from "./listing-tabs.ts";
import { listingTabOf, myListingsPage } from "./lists.server.ts";

export const meta = titleMeta("mypageLists.listingItemsTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const tab = listingTabOf(request);
  const [items, selling] = await Promise.all([
    myListingsPage(context, user, tab, undefined),
    listTransactions(core(context), { userId: user.id, side: "seller", openOnly: true, limit: 50 }),
  ]);
  return { tab, items, selling: selling.items };
}

const TAB_LABELS = { sale: "tabSale", draft: "tabDraft", stopped: "tabStopped", sold: "tabSold" } as const;
const TAB_EMPTY = {
  sale: "emptySale",
  draft: "emptyDraft",
  stopped: "emptyStopped",
  sold: "emptySold",
} as const;

export default function ListingItems({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypageLists");
  const buying = useTranslations("buying");
  const catalog = useTranslations("catalog");
  const lang = langOf(params);
  const { tab, items } = loaderData;
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<ItemCard>> => {
      const res = await fetch(
        `/${lang}/mypage/listing-items/page/?tab=${tab}&cursor=${encodeURIComponent(cursor)}`,
      );
      if (!res.ok) throw new Error(`listings page ${res.status}`);
      return res.json();
    },
    [lang, tab],
  );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("listingItemsTitle")}</h1>
      {loaderData.selling.length > 0 && (
        <section aria-labelledby="selling-title" className="flex flex-col gap-2">
          <h2 id="selling-title" className="font-bold">
            {buying("inProgressSales")}
          </h2>
          <TransactionList
            rows={loaderData.selling}
            side="seller"
            lang={lang}
            label={buying("inProgressSales")}
          />
        </section>
      )}
      <nav aria-label={t("stateTabs")}>
        <ul className="grid grid-cols-4 border-b border-slate-200">
          {(Object.keys(LISTING_TABS) as ListingTab[]).map((key) => (
            <li key={key}>
              <Link
                to={`/${lang}/mypage/listing-items/${key === "sale" ? "" : `?tab=${key}`}`}
                aria-current={key === tab ? "page" : undefined}
                preventScrollReset
                className={`flex h-12 items-center justify-center border-b-2 px-1 text-center text-xs leading-tight font-semibold sm:text-sm ${
                  key === tab
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-500 hover:text-slate-800"
                }`}
              >
                {t(TAB_LABELS[key])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={t(TAB_LABELS[tab])}>
        <PagedList
          key={tab}
          first={items}
          fetchPage={fetchPage}
          getKey={(item) => String(item.id)}
          label={t(TAB_LABELS[tab])}
          listClassName="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5"
          empty={
            <EmptyState
              action={
                tab === "sale" || tab === "draft" ? (
                  <Link
                    to={`/${lang}/sell/`}
                    className="rounded-full bg-brand-600 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    {t("sell")}
                  </Link>
                ) : undefined
              }
            >
              {t(TAB_EMPTY[tab])}
            </EmptyState>
          }
          renderItem={(item) =>
            isCopyableState(item.state) ? (
              <div className="flex h-full flex-col gap-1.5">
                <ItemTile item={item} lang={lang} />
                {/* 「同じ内容で出品」: a new draft of this listing, opened in the edit form. */}
                <Form method="post" action={`/${lang}/items/${item.id}/`}>
                  <button
                    type="submit"
                    name="intent"
                    value="copy"
                    aria-label={catalog("copyListingOf", { title: item.title })}
                    className="flex min-h-10 w-full items-center justify-center rounded-full border border-brand-600 px-2 py-1 text-xs leading-tight font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {catalog("copyListing")}
                  </button>
                </Form>
              </div>
            ) : (
              <ItemTile item={item} lang={lang} />
            )
          }
        />
      </section>
    </div>
  );
}
