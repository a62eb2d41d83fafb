import { useCallback } from "react";
import type { ItemCard } from "#core/catalog/item-card.ts";
import { ItemTile } from "../../components/item-grid.tsx";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/liked-items";
import { myLikesPage } from "./lists.server.ts";

export const meta = titleMeta("mypageLists.likedItemsTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return { items: await myLikesPage(context, user, undefined) };
}

export default function LikedItems({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mypageLists");
  const lang = langOf(params);
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<ItemCard>> => {
      const res = await fetch(`/${lang}/mypage/liked-items/page/?cursor=${encodeURIComponent(cursor)}`);
      if (!res.ok) throw new Error(`liked items page ${res.status}`);
      return res.json();
    },
    [lang],
  );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("likedItemsTitle")}</h1>
      <PagedList
        first={loaderData.items}
        fetchPage={fetchPage}
        getKey={(item) => String(item.id)}
        label={t("likedItemsTitle")}
        listClassName="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5"
        empty={<EmptyState>{t("likedEmpty")}</EmptyState>}
        renderItem={(item) => <ItemTile item={item} lang={lang} />}
      />
    </div>
  );
}
