import { listPosts } from "#core/media/list-posts.ts";
import { Pagination, PostList } from "../../components/media/post-card.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { listHead } from "../../lib/media-head.ts";
import { core } from "../../lib/request.server.ts";
import { MEDIA_HOME_PATH } from "../../lib/site-links.ts";
import type { Route } from "./+types/articles";
import { orNotFound, pageNumberOf } from "./media.server.ts";

export const handle = { tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = pageNumberOf(params, MEDIA_HOME_PATH);
  return orNotFound(() => listPosts(core(context), { kind: "article", page }));
}

export function meta(args: Route.MetaArgs) {
  const t = translator("ja");
  const page = args.loaderData?.page ?? 1;
  if (!args.loaderData) return listHead(args, { title: t("errors.notFoundTitle"), noindex: true, trail: [] });
  return listHead(args, {
    title: page > 1 ? t("media.articlesPageTitle", { page }) : t("media.articlesTitle"),
    description: t("media.articlesDescription"),
    trail: [
      { name: t("media.home"), path: "/ja/" },
      { name: t("media.articlesNav"), path: MEDIA_HOME_PATH },
    ],
  });
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("media");
  const { posts, page, pageCount } = loaderData;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
      <h1 id="page-title" className="mb-2 text-2xl font-bold">
        {page > 1 ? t("articlesPageTitle", { page }) : t("articlesTitle")}
      </h1>
      <p className="mb-6 text-sm leading-relaxed text-slate-600">{t("articlesDescription")}</p>
      <PostList posts={posts} empty={t("noPosts")} label={t("articlesTitle")} />
      <Pagination base={MEDIA_HOME_PATH} page={page} pageCount={pageCount} />
      <p className="mt-6 text-center text-xs">
        <a href="/articles/feed.xml" className="text-slate-500 underline" type="application/atom+xml">
          {t("feed")}
        </a>
      </p>
    </section>
  );
}
