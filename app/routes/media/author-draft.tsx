import { getAuthor } from "#core/media/get-author.ts";
import { listPosts } from "#core/media/list-posts.ts";
import { AuthorPage } from "../../components/media/author-page.tsx";
import { translator } from "../../i18n/index.ts";
import { listHead } from "../../lib/media-head.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import type { Route } from "./+types/author-draft";
import { pageNumberOf, tokenOf } from "./media.server.ts";

/** An author profile shown by path to whoever holds its preview token; pages keep the token. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = core(context);
  const token = tokenOf(request);
  const author = await orNotFound(() => getAuthor(ctx, { token }));
  const page = pageNumberOf(params, `/authors/draft/?token=${encodeURIComponent(token ?? "")}`);
  const posts = await orNotFound(() => listPosts(ctx, { kind: "article", authorId: author.id, page }));
  return { author, posts, token: token ?? "" };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator("ja");
  const d = args.loaderData;
  return listHead(args, {
    title: d ? t("media.authorTitle", { name: d.author.name }) : t("errors.notFoundTitle"),
    noindex: true,
    trail: [],
  });
}

export default function AuthorDraft({ loaderData }: Route.ComponentProps) {
  return (
    <AuthorPage
      author={loaderData.author}
      posts={loaderData.posts}
      base="/authors/draft/"
      query={`?token=${encodeURIComponent(loaderData.token)}`}
      preview
    />
  );
}
