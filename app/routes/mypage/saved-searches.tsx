import { Form, Link } from "react-router";
import { deleteSavedSearch } from "#core/catalog/delete-saved-search.ts";
import { savedSearchesWithNews } from "#core/catalog/list-saved-searches.ts";
import { setSavedSearchAlert } from "#core/catalog/saved-search-alerts.ts";
import { FormError } from "../../components/form.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  idOf,
  readForm,
  redirectWithFlash,
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { summarizeQueries } from "../items/query-summary.ts";
import type { Route } from "./+types/saved-searches";

export const meta = titleMeta("catalog.savedPage.title");
export const handle = { back: "/mypage/", tab: "mypage" };

const ALERTS = [
  ["app", "alertApp"],
  ["mail", "alertMail"],
  ["off", "alertOff"],
] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const saved = await savedSearchesWithNews(ctx, user.id);
  const summaries = await summarizeQueries(
    ctx,
    saved.map((s) => s.query),
    lang,
  );
  return {
    saved: saved.map((s, i) => ({
      id: s.id,
      summary: summaries[i]!,
      alert: s.alert,
      savedOn: formatDate(s.createdAt, lang),
      newCount: s.newCount,
      newCapped: s.newCapped,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const id = idOf(form.get("id"));
  const here = `/${lang}/mypage/saved-searches/`;
  try {
    if (form.get("intent") === "delete") {
      await deleteSavedSearch(core(context), { actor, id });
      return redirectWithFlash(context, here, "catalog.savedSearchDeleted");
    }
    await setSavedSearchAlert(core(context), { actor, id, alert: String(form.get("alert") ?? "") });
    return redirectWithFlash(context, here, "catalog.savedPage.alertChanged");
  } catch (error) {
    return formFailure(error, lang, { id: String(id) });
  }
}

export default function SavedSearches({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const lang = langOf(params);
  const { saved } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("savedPage.title")}</h1>
      <p className="text-sm text-slate-600">{t("savedPage.lead")}</p>
      <FormError message={actionData?.formError} />
      {saved.length === 0 ? (
        <EmptyState
          action={
            <Link
              to={`/${lang}/items/search/`}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white"
            >
              {t("savedPage.searchNow")}
            </Link>
          }
        >
          <span className="block font-semibold text-slate-800">{t("savedPage.emptyTitle")}</span>
          <span className="mt-2 block">{t("savedPage.emptyBody")}</span>
        </EmptyState>
      ) : (
        <ul aria-label={t("savedPage.listLabel")} className="flex flex-col gap-3">
          {saved.map((s) => {
            const summary = s.summary.join(t("separator"));
            // A refused alert is said beside the select of the search it was for.
            const alertError = actionData?.values?.id === String(s.id) ? actionData.errors?.alert : undefined;
            return (
              <li
                key={s.id}
                className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                data-testid="saved-search"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="min-w-0 text-base font-bold break-words">{summary}</h2>
                  <p
                    className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${
                      s.newCount > 0 ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"
                    }`}
                    data-testid="saved-search-new"
                  >
                    {s.newCount === 0
                      ? t("savedPage.noNew")
                      : s.newCapped
                        ? t("savedPage.newSinceCapped", { count: s.newCount })
                        : t("savedPage.newSince", { count: s.newCount })}
                  </p>
                </div>
                <p className="text-xs text-slate-600">{t("savedPage.savedOn", { date: s.savedOn })}</p>
                <div className="flex flex-wrap items-end gap-3">
                  <a
                    href={`/${lang}/mypage/saved-searches/${s.id}/open/`}
                    className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white"
                  >
                    {t("savedPage.open")}
                  </a>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={s.id} />
                    <label className="text-sm font-semibold">
                      {t("savedPage.alert")}
                      <select
                        name="alert"
                        defaultValue={s.alert}
                        aria-invalid={alertError ? true : undefined}
                        aria-describedby={alertError ? `alert-error-${s.id}` : undefined}
                        className="mt-1 block h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
                      >
                        {ALERTS.map(([value, key]) => (
                          <option key={value} value={value}>
                            {t(`savedPage.${key}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      className="min-h-11 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold"
                    >
                      {t("savedPage.changeAlert")}
                    </button>
                    {alertError && (
                      <p id={`alert-error-${s.id}`} className="text-sm text-red-700" role="alert">
                        {alertError}
                      </p>
                    )}
                  </Form>
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={s.id} />
                    <button
                      type="submit"
                      className="min-h-11 rounded-full px-4 text-sm font-semibold text-red-700 underline"
                      aria-label={t("savedPage.deleteLabel", { summary })}
                    >
                      {t("savedPage.delete")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
