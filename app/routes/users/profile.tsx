import { useCallback } from "react";
import { Link } from "react-router";
import type { ItemCard } from "#core/catalog/item-card.ts";
import { reviewCounts } from "#core/trading/list-reviews.ts";
import { ReviewCounts } from "../../components/buying/review-counts.tsx";
import { ItemTile } from "../../components/item-grid.tsx";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { ProfileHeader } from "../../components/social/profile-header.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/profile";
import { profileItemsPage, profileOf, socialAction, userIdOf, viewerKindOf } from "./social.server.ts";

export const handle = { back: "history", tab: "home" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = userIdOf(params);
  const [profile, items] = await Promise.all([
    profileOf(context, userId),
    profileItemsPage(context, userId, undefined),
  ]);
  const counts = await reviewCounts(core(context), { userId });
  return {
    profile,
    items,
    reviewCounts: counts,
    viewerKind: viewerKindOf(context),
    confirmBlock: new URL(request.url).searchParams.get("confirm") === "block",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return socialAction(context, request, langOf(params), userIdOf(params));
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const profile = args.loaderData?.profile;
  if (!profile) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  return seo(args, {
    title: t("people.profileTitle", { nickname: profile.nickname }),
    description:
      profile.introduction.slice(0, 120) || t("people.profileDescription", { nickname: profile.nickname }),
  });
}

export default function Profile({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("people");
  const moderation = useTranslations("moderation");
  const lang = langOf(params);
  const { profile, items, viewerKind, confirmBlock } = loaderData;
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<ItemCard>> => {
      const res = await fetch(`/${lang}/users/${profile.id}/items/?cursor=${encodeURIComponent(cursor)}`);
      if (!res.ok) throw new Error(`listings page ${res.status}`);
      return res.json();
    },
    [lang, profile.id],
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ProfileHeader
        profile={profile}
        lang={lang}
        viewerKind={viewerKind}
        confirmBlock={confirmBlock}
        formError={actionData && "formError" in actionData ? actionData.formError : undefined}
      />
      {viewerKind === "member" && !profile.viewer.isSelf && (
        <Link
          to={`/${lang}/report/?type=user&id=${profile.id}`}
          className="-mt-4 self-end text-xs text-slate-500 underline"
          data-testid="report-user"
        >
          {moderation("reportLink")}
        </Link>
      )}
      <section
        aria-labelledby="reviews-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="reviews-title" className="font-bold">
            {t("reviews")}
          </h2>
          <Link
            to={`/${lang}/users/${profile.id}/reviews/`}
            className="text-sm font-medium text-brand-700 underline"
          >
            {t("seeReviews")}
          </Link>
        </div>
        <p className="mt-2 text-sm text-slate-500">
          <ReviewCounts counts={loaderData.reviewCounts} />
        </p>
      </section>
      <section id="listings" aria-labelledby="listings-title" className="scroll-mt-20">
        <h2 id="listings-title" className="mb-3 font-bold">
          {t("listingsTitle")}
        </h2>
        <PagedList
          first={items}
          fetchPage={fetchPage}
          getKey={(item) => String(item.id)}
          label={t("listingsTitle")}
          listClassName="grid grid-cols-3 gap-2 sm:grid-cols-4"
          empty={<EmptyState>{t("noListings")}</EmptyState>}
          renderItem={(item) => <ItemTile item={item} lang={lang} />}
        />
      </section>
    </div>
  );
}
