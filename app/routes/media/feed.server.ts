import { Feed } from "feed";
import { listPosts } from "#core/media/list-posts.ts";
import type { PostKind } from "#core/media/post-kinds.ts";
import { COMPANY } from "#core/shared/company.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { translator } from "../../i18n/index.ts";
import { absolute } from "../../lib/media-head.ts";
import { core, services } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof core>[0];

/**
 * The feed library marks titles and summaries as HTML; ours are plain text, so they are escaped
 * first: a title like "<script>…" reads as those characters in every feed reader, never as markup.
 */
function htmlText(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The newest 30 public posts of a kind as an Atom feed. */
export async function atomFeed(context: Ctx, kind: PostKind): Promise<Response> {
  const publicUrl = services(context).config.publicUrl;
  const t = translator("ja");
  const section = kind === "article" ? "articles" : "news";
  const { posts } = await listPosts(core(context), { kind, page: 1, pageSize: 30 });
  const feed = new Feed({
    title: `${kind === "article" ? t("media.articlesTitle") : t("media.newsTitle")} - ${t("site.name")}`,
    description: kind === "article" ? t("media.articlesDescription") : t("media.newsDescription"),
    id: `${publicUrl}/${section}/`,
    link: `${publicUrl}/${section}/`,
    language: "ja",
    copyright: `© ${renderMessage(COMPANY.name, "ja")}`,
    updated: posts[0]?.updatedAt ? new Date(posts[0].updatedAt) : new Date(0),
    feedLinks: { atom: `${publicUrl}/${section}/feed.xml` },
    author: { name: renderMessage(COMPANY.name, "ja"), link: `${publicUrl}/` },
  });
  for (const post of posts) {
    const image = absolute(publicUrl, post.imageUrl);
    feed.addItem({
      title: htmlText(post.title),
      id: `${publicUrl}${post.path}`,
      link: `${publicUrl}${post.path}`,
      description: htmlText(post.description),
      date: new Date(post.updatedAt),
      published: post.publishedAt ? new Date(post.publishedAt) : new Date(post.updatedAt),
      ...(post.author ? { author: [{ name: post.author.name }] } : {}),
      ...(image ? { image } : {}),
    });
  }
  return new Response(feed.atom1(), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
