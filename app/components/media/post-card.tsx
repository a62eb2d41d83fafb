import { Link } from "react-router";
import { categoryLabel } from "#core/media/post-kinds.ts";
import type { PostSummary } from "#core/media/post-view.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

function PostCard({ post }: { post: PostSummary }) {
  const t = useTranslations("media");
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.imageUrl && (
        <img src={post.imageUrl} alt="" loading="lazy" className="aspect-[1.91/1] w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold text-brand-700">
          {renderMessage(categoryLabel(post.kind, post.category), "ja")}
        </p>
        <h3 className="leading-snug font-bold">
          <Link to={post.path} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h3>
        {post.description && (
          <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">{post.description}</p>
        )}
        <p className="mt-auto flex flex-wrap gap-x-3 pt-1 text-xs text-slate-500">
          {post.publishedAt && (
            <time dateTime={new Date(post.publishedAt).toISOString()}>
              {formatDate(post.publishedAt, "ja")}
            </time>
          )}
          {post.kind === "article" && <span>{t("readingTime", { minutes: post.readingMinutes })}</span>}
          {post.author && <span>{post.author.name}</span>}
        </p>
      </div>
    </li>
  );
}

export function PostList({ posts, empty, label }: { posts: PostSummary[]; empty: string; label: string }) {
  if (posts.length === 0)
    return <p className="rounded-2xl bg-white p-6 text-center text-sm text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
    </ul>
  );
}

/** Numbered pages: page 1 is the section's own address, the others `{base}page/{n}/` (then `query`). */
export function Pagination({
  base,
  page,
  pageCount,
  query = "",
}: {
  base: string;
  page: number;
  pageCount: number;
  query?: string;
}) {
  const t = useTranslations("media");
  if (pageCount <= 1) return null;
  const href = (n: number) => `${n === 1 ? base : `${base}page/${n}/`}${query}`;
  return (
    <nav aria-label={t("pagination")} className="mt-8 flex items-center justify-center gap-2 text-sm">
      {page > 1 && (
        <Link
          to={href(page - 1)}
          rel="prev"
          className="rounded-full px-4 py-2 ring-1 ring-slate-300 hover:bg-white"
        >
          {t("previous")}
        </Link>
      )}
      <ul className="flex gap-1">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span
                aria-current="page"
                className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
              >
                {n}
              </span>
            ) : (
              <Link
                to={href(n)}
                className="inline-flex h-9 w-9 items-center justify-center rounded-full ring-1 ring-slate-300 hover:bg-white"
              >
                {n}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount && (
        <Link
          to={href(page + 1)}
          rel="next"
          className="rounded-full px-4 py-2 ring-1 ring-slate-300 hover:bg-white"
        >
          {t("next")}
        </Link>
      )}
    </nav>
  );
}
