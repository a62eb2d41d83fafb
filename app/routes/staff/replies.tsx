import { Form, Link, redirect } from "react-router";
import { deleteSavedReply } from "#core/support/delete-saved-reply.ts";
import { listSavedReplies } from "#core/support/list-saved-replies.ts";
import { FormError } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/replies";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("support.replies.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "replies:manage");
  const rows = await listSavedReplies(core(context), { actor });
  const done = new URL(request.url).searchParams.get("done");
  return {
    done: done === "saved" || done === "deleted" ? done : null,
    replies: rows.map((r) => ({
      id: r.id,
      titleJa: r.titleJa,
      titleEn: r.titleEn,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** Deletes one saved reply (audited); answers already sent keep their text. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "replies:manage");
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  try {
    const replyId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0;
    await orNotFound(() =>
      deleteSavedReply(core(context), { actor, id: replyId, meta: requestMeta(context) }),
    );
    return redirect(`/${lang}/staff/replies/?done=deleted`);
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function StaffReplies({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support.replies");
  const lang = langOf(params);
  const { replies, done } = loaderData;
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link
          to={`/${lang}/staff/replies/new/`}
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("newTitle")}
        </Link>
      </div>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      {done && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
        >
          {done === "saved" ? t("saved") : t("deleted")}
        </p>
      )}
      <FormError message={actionData?.formError} />
      {replies.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t("empty")}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="saved-replies"
        >
          {replies.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{r.titleJa}</p>
                <p className="text-slate-600 break-words">{r.titleEn}</p>
                <p className="text-xs text-slate-500">
                  {t("updatedAt", { date: formatDate(r.updatedAt, lang, true) })}
                </p>
              </div>
              <Link to={`/${lang}/staff/replies/${r.id}/`} className="font-semibold text-brand-700 underline">
                {t("edit")}
              </Link>
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(t("deleteConfirm"))) event.preventDefault();
                }}
              >
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" className="font-semibold text-danger-600 underline">
                  {t("delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
