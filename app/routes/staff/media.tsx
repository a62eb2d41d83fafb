import { Link } from "react-router";
import { listAuthors } from "#core/media/list-authors.ts";
import { listPostsForEditing } from "#core/media/list-posts-for-editing.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/media";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("staff.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "news:write");
  const ctx = core(context);
  const [articles, news, authors] = await Promise.all([
    listPostsForEditing(ctx, { actor, kind: "article" }),
    listPostsForEditing(ctx, { actor, kind: "news" }),
    listAuthors(ctx, { actor }),
  ]);
  return { articles, news, authors };
}

export default function StaffMedia({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("staff");
  const lang = langOf(params);
  const base = `/${lang}/staff/media`;
  const status = { draft: t("statusDraft"), scheduled: t("statusScheduled"), public: t("statusPublic") };
  const lists = [
    { title: t("articles"), rows: loaderData.articles, add: t("newArticle"), kind: "article" },
    { title: t("news"), rows: loaderData.news, add: t("newNews"), kind: "news" },
  ] as const;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {lists.map((list) => (
        <section key={list.kind} aria-labelledby={`${list.kind}-title`}>
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id={`${list.kind}-title`} className="text-lg font-bold">
              {list.title}
            </h2>
            <Link
              to={`${base}/posts/new/?kind=${list.kind}`}
              className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {list.add}
            </Link>
          </div>
          {list.rows.length === 0 ? (
            <p className="text-sm text-slate-600">{t("empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {list.rows.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-bold ${row.status === "public" ? "bg-emerald-100 text-emerald-800" : row.status === "scheduled" ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-700"}`}
                  >
                    {status[row.status]}
                  </span>
                  <Link
                    to={`${base}/posts/${row.id}/`}
                    className="min-w-0 flex-1 font-semibold text-brand-700 underline"
                  >
                    {row.title}
                  </Link>
                  <span className="text-xs text-slate-500">
                    {row.authorName ?? ""} {formatDate(row.updatedAt, lang, true)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-labelledby="authors-title">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="authors-title" className="text-lg font-bold">
            {t("authors")}
          </h2>
          <Link
            to={`${base}/authors/new/`}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("newAuthor")}
          </Link>
        </div>
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {loaderData.authors.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-4 py-3 text-sm">
              <span
                className={`rounded px-2 py-0.5 text-xs font-bold ${a.published ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
              >
                {a.published ? t("statusPublic") : t("statusDraft")}
              </span>
              <Link to={`${base}/authors/${a.id}/`} className="flex-1 font-semibold text-brand-700 underline">
                {a.name}
              </Link>
              <span className="text-xs text-slate-500">{a.role}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
