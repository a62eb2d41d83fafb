import { getPost } from "#core/media/get-post.ts";
import { relatedPosts } from "#core/media/related-posts.ts";
import { PostArticle } from "../../components/media/post-article.tsx";
import { postHead } from "../../lib/media-head.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import type { Route } from "./+types/article";

export const handle = { back: "/articles/", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = core(context);
  const post = await orNotFound(() => getPost(ctx, { kind: "article", slug: params.slug }));
  return { post, related: await relatedPosts(ctx, post) };
}

export function meta(args: Route.MetaArgs) {
  return postHead(args, args.loaderData?.post);
}

export default function Article({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} related={loaderData.related} />;
}
