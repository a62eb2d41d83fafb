import { listPosts } from "#core/media/list-posts.ts";
import { Pagination, PostList } from "../../components/media/post-card.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { listHead } from "../../lib/media-head.ts";
import { core } from "../../lib/request.server.ts";
import { NEWS_HOME_PATH } from "../../lib/site-links.ts";
import type { Route } from "./+types/news-index";
import { orNotFound, pageNumberOf } from "./media.server.ts";

export const handle = { tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = pageNumberOf(params, NEWS_HOME_PATH);
  return orNotFound(() => listPosts(core(context), { kind: "news", page }));
}

export function meta(args: Route.MetaArgs) {
  const t = translator("ja");
  const page = args.loaderData?.page ?? 1;
  if (!args.loaderData) return listHead(args, { title: t("errors.notFoundTitle"), noindex: true, trail: [] });
  return listHead(args, {
    title: page > 1 ? t("media.newsPageTitle", { page }) : t("media.newsTitle"),
    description: t("media.newsDescription"),
    trail: [
      { name: t("media.home"), path: "/ja/" },
      { name: t("media.newsNav"), path: NEWS_HOME_PATH },
    ],
  });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("media");
  const { posts, page, pageCount } = loaderData;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
      <h1 id="page-title" className="mb-2 text-2xl font-bold">
        {page > 1 ? t("newsPageTitle", { page }) : t("newsTitle")}
      </h1>
      <p className="mb-6 text-sm leading-relaxed text-slate-600">{t("newsDescription")}</p>
      <PostList posts={posts} empty={t("noNews")} label={t("newsTitle")} />
      <Pagination base={NEWS_HOME_PATH} page={page} pageCount={pageCount} />
      <p className="mt-6 text-center text-xs">
        <a href="/news/feed.xml" className="text-slate-500 underline" type="application/atom+xml">
          {t("feed")}
        </a>
      </p>
    </section>
  );
}
