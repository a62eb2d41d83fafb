import { Link } from "react-router";
import { categoryLabel } from "#core/media/post-kinds.ts";
import type { PostDetail, PostSummary } from "#core/media/post-view.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { MEDIA_HOME_PATH, NEWS_HOME_PATH } from "../../lib/site-links.ts";
import { AuthorCard } from "./author-card.tsx";
import { PostList } from "./post-card.tsx";
import { PreviewNotice } from "./preview-notice.tsx";

/** An article or news story: breadcrumbs, head, sanitized body, tags, author card, related posts. */
export function PostArticle({
  post,
  related,
  preview = false,
}: {
  post: PostDetail;
  related: PostSummary[];
  preview?: boolean;
}) {
  const t = useTranslations("media");
  const isNews = post.kind === "news";
  const sectionPath = isNews ? NEWS_HOME_PATH : MEDIA_HOME_PATH;
  const scheduled = post.state === "published" && post.publishedAt && new Date(post.publishedAt) > new Date();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      {preview && (
        <PreviewNotice>
          {scheduled &&
            post.publishedAt &&
            ` ${t("scheduledNotice", { date: formatDate(post.publishedAt, "ja", true) })}`}
        </PreviewNotice>
      )}
      <nav aria-label={t("breadcrumb")} className="text-xs text-slate-500">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/ja/" className="hover:underline">
              {t("home")}
            </Link>
            <span aria-hidden="true"> › </span>
          </li>
          <li>
            <Link to={sectionPath} className="hover:underline">
              {isNews ? t("newsNav") : t("articlesNav")}
            </Link>
            <span aria-hidden="true"> › </span>
          </li>
          <li aria-current="page" className="text-slate-700">
            {post.title}
          </li>
        </ol>
      </nav>
      <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <header className="flex flex-col gap-3 border-b border-slate-200 pb-5">
          <p className="text-xs font-semibold text-brand-700">
            {renderMessage(categoryLabel(post.kind, post.category), "ja")}
          </p>
          <h1 className="text-2xl leading-snug font-bold sm:text-3xl">{post.title}</h1>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            {post.publishedAt && (
              <span>
                {t("publishedOn")}{" "}
                <time dateTime={new Date(post.publishedAt).toISOString()}>
                  {formatDate(post.publishedAt, "ja")}
                </time>
              </span>
            )}
            {post.publishedAt && new Date(post.updatedAt) > new Date(post.publishedAt) && (
              <span>
                {t("updatedOn")}{" "}
                <time dateTime={new Date(post.updatedAt).toISOString()}>
                  {formatDate(post.updatedAt, "ja")}
                </time>
              </span>
            )}
            {!isNews && <span>{t("readingTime", { minutes: post.readingMinutes })}</span>}
            {post.author && <span>{post.author.name}</span>}
          </p>
          {post.imageUrl && (
            // The header image is what the reader sees first: fetched first, its box kept (1200 × 630).
            <img
              src={post.imageUrl}
              alt=""
              width={1200}
              height={630}
              fetchPriority="high"
              className="mt-2 h-auto w-full rounded-xl"
            />
          )}
        </header>
        {/* Rendered from Markdown and sanitized in the core (render-markdown.ts): no script survives. */}
        <div className="media-body mt-6" dangerouslySetInnerHTML={{ __html: post.html }} />
        {post.tags.length > 0 && (
          <ul aria-label={t("tags")} className="mt-8 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </article>
      {!isNews && (
        <aside
          aria-labelledby="buyback-cta-title"
          className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100"
          data-testid="article-buyback-cta"
        >
          <h2 id="buyback-cta-title" className="font-bold text-slate-900">
            {t("buybackCtaTitle")}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("buybackCtaBody")}</p>
          <Link
            to="/ja/buyback/"
            className="mt-3 inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("buybackCtaLink")}
          </Link>
        </aside>
      )}
      {post.author && <AuthorCard author={post.author} heading={t("writtenBy")} />}
      {related.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title" className="mb-3 text-lg font-bold">
            {isNews ? t("latestNews") : t("related")}
          </h2>
          <PostList posts={related} empty="" label={isNews ? t("latestNews") : t("related")} />
        </section>
      )}
    </div>
  );
}
