import type { MetaDescriptor } from "react-router";
import type { PostDetail } from "#core/media/post-view.ts";
import { COMPANY } from "#core/shared/company.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { translator } from "../i18n/index.ts";
import { seo } from "./seo.ts";
import { MEDIA_HOME_PATH, NEWS_HOME_PATH } from "./site-links.ts";

type MetaArgsLike = Parameters<typeof seo>[0];

function publicUrlOf(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

export function absolute(publicUrl: string, url: string | null): string | undefined {
  if (!url) return undefined;
  return url.startsWith("/") ? `${publicUrl}${url}` : url;
}

/** Breadcrumbs as structured data: home › section › page. */
function breadcrumbs(publicUrl: string, trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: `${publicUrl}${step.path}`,
    })),
  };
}

/** The head of an article or news story: Article / NewsArticle and BreadcrumbList, sharing image. */
export function postHead(
  args: MetaArgsLike,
  post: PostDetail | undefined,
  o: { preview?: boolean } = {},
): MetaDescriptor[] {
  const t = translator("ja");
  if (!post) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  const publicUrl = publicUrlOf(args);
  const isNews = post.kind === "news";
  const image = absolute(publicUrl, post.imageUrl);
  const article = {
    "@context": "https://schema.org",
    "@type": isNews ? "NewsArticle" : "Article",
    headline: post.title,
    description: post.description,
    inLanguage: "ja",
    mainEntityOfPage: `${publicUrl}${post.path}`,
    ...(image ? { image: [image] } : {}),
    ...(post.publishedAt ? { datePublished: new Date(post.publishedAt).toISOString() } : {}),
    dateModified: new Date(post.updatedAt).toISOString(),
    author: post.author
      ? {
          "@type": "Person",
          name: post.author.name,
          ...(post.author.published ? { url: `${publicUrl}/authors/${post.author.slug}/` } : {}),
        }
      : { "@type": "Organization", name: renderMessage(COMPANY.name, "ja"), url: `${publicUrl}/` },
    publisher: {
      "@type": "Organization",
      name: renderMessage(COMPANY.name, "ja"),
      logo: { "@type": "ImageObject", url: `${publicUrl}/logo.png` },
    },
  };
  const trail = [
    { name: t("media.home"), path: "/ja/" },
    isNews
      ? { name: t("media.newsNav"), path: NEWS_HOME_PATH }
      : { name: t("media.articlesNav"), path: MEDIA_HOME_PATH },
    { name: post.title, path: post.path },
  ];
  return seo(args, {
    title: post.title,
    ...(post.description ? { description: post.description } : {}),
    ...(image ? { image } : {}),
    noindex: o.preview ?? false,
    jsonLd: o.preview ? [] : [article, breadcrumbs(publicUrl, trail)],
  });
}

/** The head of a list page (sections, author pages): the title, and the first page as canonical of none but itself. */
export function listHead(
  args: MetaArgsLike,
  o: { title: string; description?: string; noindex?: boolean; trail: { name: string; path: string }[] },
) {
  const publicUrl = publicUrlOf(args);
  return seo(args, {
    title: o.title,
    ...(o.description ? { description: o.description } : {}),
    noindex: o.noindex ?? false,
    jsonLd: o.noindex ? [] : [breadcrumbs(publicUrl, o.trail)],
  });
}
