import { listReviews } from "#core/trading/list-reviews.ts";
import { ReviewCounts } from "../../components/buying/review-counts.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { ProfileHeader } from "../../components/social/profile-header.tsx";
import { formatDate, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/reviews";
import { profileOf, userIdOf, viewerKindOf } from "./social.server.ts";

export const handle = { back: "history", tab: "home" };

const RATING_KEY = { good: "ratingGood", normal: "ratingNormal", bad: "ratingBad" } as const;

/** The ratings buyers and sellers gave this member, newest first. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const userId = userIdOf(params);
  const profile = await profileOf(context, userId);
  const reviews = await listReviews(core(context), { userId });
  return { profile, viewerKind: viewerKindOf(context), reviews };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const profile = args.loaderData?.profile;
  if (!profile) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  return seo(args, { title: t("people.reviewsTitle", { nickname: profile.nickname }) });
}

export default function Reviews({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("people");
  const buying = useTranslations("buying");
  const lang = langOf(params);
  const { profile, viewerKind } = loaderData;
  const title = t("reviewsTitle", { nickname: profile.nickname });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-xl font-bold">{title}</h1>
      <ProfileHeader profile={profile} lang={lang} viewerKind={viewerKind} headingLevel={2} />
      <section aria-labelledby="reviews-list-title" className="flex flex-col gap-3">
        <h2 id="reviews-list-title" className="font-bold">
          {t("reviews")}
        </h2>
        <ReviewCounts counts={loaderData.reviews.counts} className="text-sm text-slate-600" />
        {loaderData.reviews.items.length === 0 ? (
          <EmptyState>
            <span className="block font-semibold text-slate-800">{t("noReviews")}</span>
            <span className="mt-1 block">{t("reviewsLead")}</span>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {loaderData.reviews.items.map((r) => (
              <li key={`${r.reviewer}-${String(r.createdAt)}`} className="p-4 text-sm" data-testid="review">
                <p className="font-semibold">
                  【{buying(RATING_KEY[r.rating as keyof typeof RATING_KEY])}】
                  {t(r.role === "buyer" ? "reviewByBuyer" : "reviewBySeller", { nickname: r.reviewer })}
                </p>
                {r.comment && <p className="mt-1 whitespace-pre-wrap">{r.comment}</p>}
                <p className="mt-1 text-xs text-slate-500">{formatDate(r.createdAt, lang)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
