import { useTranslations } from "use-intl";
import { EmptyState } from "../../components/social/list-states.tsx";
import { ProfileHeader } from "../../components/social/profile-header.tsx";
import { translator } from "../../i18n/index.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/reviews";
import { profileOf, userIdOf, viewerKindOf } from "./social.server.ts";

export const handle = { back: "history", tab: "home" };

/** Reviews arrive with the buying flow; until then every member has none, and the page says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const profile = await profileOf(context, userIdOf(params));
  return { profile, viewerKind: viewerKindOf(context) };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const profile = args.loaderData?.profile;
  if (!profile) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  return seo(args, { title: t("people.reviewsTitle", { nickname: profile.nickname }) });
}

export default function Reviews({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("people");
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
        <EmptyState>
          <span className="block font-semibold text-slate-800">{t("noReviews")}</span>
          <span className="mt-1 block">{t("reviewsLead")}</span>
        </EmptyState>
      </section>
    </div>
  );
}
