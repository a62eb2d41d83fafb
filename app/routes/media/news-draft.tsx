import { previewPost } from "#core/media/preview-post.ts";
import { PostArticle } from "../../components/media/post-article.tsx";
import { postHead } from "../../lib/media-head.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import type { Route } from "./+types/news-draft";
import { tokenOf } from "./media.server.ts";

/** A draft shown by path to whoever holds its signed preview token (and to nobody else: 404). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const post = await orNotFound(() => previewPost(core(context), { kind: "news", token: tokenOf(request) }));
  return { post };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta(args: Route.MetaArgs) {
  return postHead(args, args.loaderData?.post, { preview: true });
}

export default function NewsDraft({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} related={[]} preview />;
}
