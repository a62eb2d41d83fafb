import { Form, redirect } from "react-router";
import { listAuthors } from "#core/media/list-authors.ts";
import { saveAuthor } from "#core/media/save-author.ts";
import { Checkbox, FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  pathIdOf,
  readForm,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/author-edit";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("staff.editAuthor", { noindex: true });
export const handle = { back: "history" };

const FIELDS = ["slug", "name", "role", "bio", "avatarKey"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "news:write");
  if (params.id === undefined) return { author: null };
  const id = pathIdOf(params);
  const author = (await listAuthors(core(context), { actor })).find((a) => a.id === id);
  if (!author) throw new Response("Page not found", { status: 404 });
  return { author };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "news:write");
  const form = await readForm(request);
  const values = formValues(form, FIELDS);
  try {
    const existing = params.id === undefined ? undefined : pathIdOf(params);
    const { id } = await saveAuthor(core(context), {
      actor,
      ...(existing ? { authorId: existing } : {}),
      input: values,
      state: form.get("published") === "on" ? "published" : "draft",
    });
    const to = `/${lang}/staff/media/authors/${id}/`;
    return existing ? redirectWithFlash(context, to, "staff.saved") : redirect(to);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function AuthorEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("staff");
  const labels = useTranslations("mediaFields");
  const { author } = loaderData;
  const state = actionData as FormState | undefined;
  const v = (name: (typeof FIELDS)[number], fallback: string) => state?.values?.[name] ?? fallback;
  const e = (name: string) => state?.errors?.[name];
  const avatarKey = author?.avatarUrl?.match(/media\/[a-f0-9]{32}/)?.[0] ?? "";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{author ? t("editAuthor") : t("newAuthor")}</h1>
      {author && (
        <a
          href={`/authors/draft/?token=${author.previewToken}`}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-semibold text-brand-700 underline"
        >
          {t("preview")}
        </a>
      )}
      <Form
        method="post"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <FormError message={state?.formError} />
        <TextField
          name="name"
          label={labels("name")}
          defaultValue={v("name", author?.name ?? "")}
          error={e("name")}
        />
        <TextField
          name="slug"
          label={labels("slug")}
          hint={t("slugHint")}
          defaultValue={v("slug", author?.slug ?? "")}
          error={e("slug")}
          autoCapitalize="none"
        />
        <TextField
          name="role"
          label={labels("role")}
          optional
          defaultValue={v("role", author?.role ?? "")}
          error={e("role")}
        />
        <div>
          <label htmlFor="author-bio" className="text-sm font-semibold text-slate-800">
            {labels("bio")}
          </label>
          <textarea
            id="author-bio"
            name="bio"
            rows={5}
            defaultValue={v("bio", author?.bio ?? "")}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white p-3 text-base"
          />
          {e("bio") && <p className="mt-1 text-sm font-medium text-danger-600">{e("bio")}</p>}
        </div>
        <TextField
          name="avatarKey"
          label={labels("avatar")}
          hint={t("ogImageHint")}
          optional
          defaultValue={v("avatarKey", avatarKey)}
          error={e("avatarKey")}
        />
        <Checkbox name="published" label={t("authorPublished")} defaultChecked={author?.published ?? false} />
        <SubmitButton>{t("saveChanges")}</SubmitButton>
      </Form>
    </div>
  );
}
