import { getAuthor } from "#core/media/get-author.ts";
import { listPosts } from "#core/media/list-posts.ts";
import { AuthorPage } from "../../components/media/author-page.tsx";
import { translator } from "../../i18n/index.ts";
import { listHead } from "../../lib/media-head.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import { MEDIA_HOME_PATH } from "../../lib/site-links.ts";
import type { Route } from "./+types/author";
import { pageNumberOf } from "./media.server.ts";

export const handle = { back: "history", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = core(context);
  const base = `/authors/${params.slug}/`;
  const page = pageNumberOf(params, base);
  const author = await orNotFound(() => getAuthor(ctx, { slug: params.slug }));
  const posts = await orNotFound(() => listPosts(ctx, { kind: "article", authorId: author.id, page }));
  return { author, posts, base };
}

export function meta(args: Route.MetaArgs) {
  const t = translator("ja");
  const d = args.loaderData;
  if (!d) return listHead(args, { title: t("errors.notFoundTitle"), noindex: true, trail: [] });
  const { name } = d.author;
  return listHead(args, {
    title:
      d.posts.page > 1
        ? t("media.authorPageTitle", { name, page: d.posts.page })
        : t("media.authorTitle", { name }),
    description: d.author.bio || t("media.authorArticles", { name }),
    trail: [
      { name: t("media.home"), path: "/ja/" },
      { name: t("media.articlesNav"), path: MEDIA_HOME_PATH },
      { name, path: d.base },
    ],
  });
}

export default function Author({ loaderData }: Route.ComponentProps) {
  return <AuthorPage author={loaderData.author} posts={loaderData.posts} base={loaderData.base} />;
}
