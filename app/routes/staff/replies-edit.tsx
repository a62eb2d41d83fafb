import { Form, Link, redirect } from "react-router";
import { createSavedReply } from "#core/support/create-saved-reply.ts";
import { getSavedReply } from "#core/support/get-saved-reply.ts";
import { updateSavedReply } from "#core/support/update-saved-reply.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, orNotFound, pathIdOf, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { TextAreaField } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/replies-edit";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("support.replies.title", { noindex: true });

const FIELDS = ["titleJa", "titleEn", "bodyJa", "bodyEn"] as const;

/** `/staff/replies/new/` adds one; `/staff/replies/{id}/` edits it. */
function idOf(params: { id?: string }): number | null {
  return params.id === undefined ? null : pathIdOf(params);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "replies:manage");
  const id = idOf(params);
  if (id === null) return { id: null, reply: null };
  const row = await orNotFound(() => getSavedReply(core(context), { actor, id }));
  return {
    id,
    reply: { titleJa: row.titleJa, titleEn: row.titleEn, bodyJa: row.bodyJa, bodyEn: row.bodyEn },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "replies:manage");
  const id = idOf(params);
  const values = formValues(await readForm(request), FIELDS);
  try {
    const ctx = core(context);
    const meta = requestMeta(context);
    if (id === null) await createSavedReply(ctx, { actor, input: values, meta });
    else await orNotFound(() => updateSavedReply(ctx, { actor, id, input: values, meta }));
    return redirect(`/${lang}/staff/replies/?done=saved`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function StaffReplyEdit({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support");
  const form = useTranslations("form");
  const lang = langOf(params);
  const v = (name: (typeof FIELDS)[number]) => actionData?.values?.[name] ?? loaderData.reply?.[name] ?? "";
  const e = (name: string) => actionData?.errors?.[name];
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Link
        to={`/${lang}/staff/replies/`}
        className="text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("replies.backToList")}
      </Link>
      <h1 className="text-2xl font-bold">
        {loaderData.id === null ? t("replies.newTitle") : t("replies.editTitle")}
      </h1>
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        data-testid="saved-reply-form"
      >
        <FormError message={actionData?.formError ?? (actionData?.errors ? form("fixErrors") : undefined)} />
        <div className="grid gap-5 lg:grid-cols-2">
          <div className="flex flex-col gap-5">
            <TextField
              name="titleJa"
              label={t("fields.titleJa")}
              defaultValue={v("titleJa")}
              error={e("titleJa")}
              lang="ja"
            />
            <TextAreaField
              name="bodyJa"
              label={t("fields.bodyJa")}
              rows={10}
              defaultValue={v("bodyJa")}
              error={e("bodyJa")}
            />
          </div>
          <div className="flex flex-col gap-5">
            <TextField
              name="titleEn"
              label={t("fields.titleEn")}
              defaultValue={v("titleEn")}
              error={e("titleEn")}
              lang="en"
            />
            <TextAreaField
              name="bodyEn"
              label={t("fields.bodyEn")}
              rows={10}
              defaultValue={v("bodyEn")}
              error={e("bodyEn")}
            />
          </div>
        </div>
        <div className="max-w-xs">
          <SubmitButton>{loaderData.id === null ? t("replies.add") : t("replies.save")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
