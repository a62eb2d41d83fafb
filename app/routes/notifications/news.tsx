import { Link } from "react-router";
import { listPosts } from "#core/media/list-posts.ts";
import { NotificationTabs } from "../../components/notification-tabs.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/news";

export const meta = titleMeta("notificationsPage.newsTitle");
export const handle = { tab: "notifications" };

const PAGE_SIZE = 20;

/** The operator's news stories, newest first, as the notifications' second tab; open to everyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0;
  const news = await orNotFound(() => listPosts(core(context), { kind: "news", page, pageSize: PAGE_SIZE }));
  return {
    page: news.page,
    pageCount: news.pageCount,
    stories: news.posts.map((p) => ({
      id: p.id,
      path: p.path,
      title: p.title,
      description: p.description,
      publishedAt: p.publishedAt,
    })),
  };
}

export default function OperatorNews({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("notificationsPage");
  const lang = langOf(params);
  const { stories, page, pageCount } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <NotificationTabs lang={lang} />
      <h2 className="sr-only">{t("newsTitle")}</h2>
      {stories.length === 0 ? (
        <EmptyState>{t("newsEmpty")}</EmptyState>
      ) : (
        <ul
          aria-label={t("newsListLabel")}
          className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {stories.map((s) => (
            <li key={s.id} className="border-b border-slate-100 last:border-b-0">
              <Link to={s.path} className="block px-4 py-3 hover:bg-slate-50" data-testid="news-story">
                <span className="block text-sm font-semibold break-words text-slate-900">{s.title}</span>
                {s.description && (
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-700">{s.description}</span>
                )}
                {s.publishedAt && (
                  <span className="mt-1 block text-xs text-slate-600">{formatDate(s.publishedAt, lang)}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav
          className="flex items-center justify-between text-sm"
          aria-label={t("pageOf", { page, count: pageCount })}
        >
          {page > 1 ? (
            <Link
              to={page === 2 ? "?" : `?page=${page - 1}`}
              className="font-semibold text-brand-700 underline"
            >
              {t("newerPage")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{t("pageOf", { page, count: pageCount })}</span>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className="font-semibold text-brand-700 underline">
              {t("olderPage")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
