import { Form, Link, redirect, useFetcher } from "react-router";
import { changePostState } from "#core/media/change-post-state.ts";
import { getPostForEditing } from "#core/media/get-post-for-editing.ts";
import { listAuthors } from "#core/media/list-authors.ts";
import { CATEGORIES_OF, type PostKind, postPath } from "#core/media/post-kinds.ts";
import { savePost } from "#core/media/save-post.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
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
import type { Route } from "./+types/post-edit";
import { requireStaff } from "./staff.server.ts";
import { uploadFromForm } from "./upload.server.ts";

export const meta = titleMeta("staff.editPost", { noindex: true });
export const handle = { back: "history" };

const FIELDS = [
  "kind",
  "slug",
  "title",
  "description",
  "body",
  "authorId",
  "category",
  "tags",
  "ogImageKey",
  "publishAt",
] as const;

function toLocalInput(date: Date | null): string {
  if (!date) return "";
  // datetime-local in Tokyo time.
  return new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "news:write");
  const ctx = core(context);
  const authors = await listAuthors(ctx, { actor });
  if (params.id === undefined) {
    const kind: PostKind = new URL(request.url).searchParams.get("kind") === "news" ? "news" : "article";
    return { post: null, kind, previewToken: null, authors };
  }
  const { post, previewToken } = await getPostForEditing(ctx, { actor, postId: pathIdOf(params) }).catch(
    () => {
      throw new Response("Page not found", { status: 404 });
    },
  );
  return { post, kind: post.kind, previewToken, authors };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "news:write");
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return uploadFromForm(context, request, actor, lang);
  }
  const form = await readForm(request);
  const values = formValues(form, FIELDS);
  const intent = form.get("intent");
  const ctx = core(context);
  try {
    const existing = params.id === undefined ? undefined : pathIdOf(params);
    const { id } =
      intent === "unpublish" && existing
        ? { id: existing }
        : await savePost(ctx, { actor, ...(existing ? { postId: existing } : {}), input: values });
    const to = `/${lang}/staff/media/posts/${id}/`;
    if (intent === "publish") {
      await changePostState(ctx, { actor, postId: id, action: "publish", publishAt: values.publishAt });
      return redirectWithFlash(context, to, "staff.published");
    }
    if (intent === "unpublish") {
      await changePostState(ctx, { actor, postId: id, action: "unpublish" });
      return redirectWithFlash(context, to, "staff.unpublished");
    }
    return existing ? redirectWithFlash(context, to, "staff.saved") : redirect(to);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

function ImageUpload() {
  const t = useTranslations("staff");
  const fetcher = useFetcher<{ uploaded?: { key: string; markdown: string } } & FormState>();
  const uploaded = fetcher.data?.uploaded;
  return (
    <section
      aria-labelledby="upload-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="upload-title" className="font-bold">
        {t("uploadTitle")}
      </h2>
      <fetcher.Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
        <label className="text-sm font-semibold">
          {t("uploadImage")}
          <input
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="mt-1 block w-full text-sm"
          />
        </label>
        <TextField name="alt" label={t("altText")} optional />
        <button
          type="submit"
          className="h-11 rounded-full border border-slate-300 bg-white font-semibold hover:bg-slate-50"
        >
          {t("upload")}
        </button>
      </fetcher.Form>
      <FormError message={fetcher.data?.errors?.image ?? fetcher.data?.formError} />
      {uploaded && (
        <div role="status" className="mt-3 space-y-2 text-sm">
          <p>{t("uploaded")}</p>
          <code className="block rounded bg-slate-100 p-2 break-all" data-testid="uploaded-markdown">
            {uploaded.markdown}
          </code>
          <p>
            {t("imageKey")}: <code className="break-all">{uploaded.key}</code>
          </p>
        </div>
      )}
    </section>
  );
}

export default function PostEdit({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("staff");
  const labels = useTranslations("mediaFields");
  const lang = langOf(params);
  const { post, kind, previewToken, authors } = loaderData;
  const state = actionData as FormState | undefined;
  const v = (name: (typeof FIELDS)[number], fallback: string) => state?.values?.[name] ?? fallback;
  const e = (name: string) => state?.errors?.[name];
  const isPublic = post?.state === "published";
  const section = kind === "news" ? "news" : "articles";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        {post ? t("editPost") : kind === "news" ? t("newNews") : t("newArticle")}
      </h1>
      {post && previewToken && (
        <p className="flex flex-wrap gap-4 text-sm">
          <a
            href={`/${section}/draft/?token=${previewToken}`}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            {t("preview")}
          </a>
          {isPublic && (
            <Link to={postPath(post.kind, post.slug)} className="font-semibold text-brand-700 underline">
              {t("publicPage")}
            </Link>
          )}
          <span className="w-full text-xs text-slate-500">{t("previewHint")}</span>
        </p>
      )}
      <Form
        method="post"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <FormError message={state?.formError} />
        <input type="hidden" name="kind" value={kind} />
        <TextField
          name="title"
          label={labels("title")}
          defaultValue={v("title", post?.title ?? "")}
          error={e("title")}
        />
        <TextField
          name="slug"
          label={labels("slug")}
          hint={t("slugHint")}
          defaultValue={v("slug", post?.slug ?? "")}
          error={e("slug")}
          autoCapitalize="none"
        />
        <TextField
          name="description"
          label={labels("description")}
          hint={t("descriptionHint")}
          optional
          defaultValue={v("description", post?.description ?? "")}
          error={e("description")}
        />
        <SelectField
          name="category"
          label={labels("category")}
          options={CATEGORIES_OF[kind].map((c) => ({ value: c.code, label: renderMessage(c.label, lang) }))}
          defaultValue={v("category", post?.category ?? "")}
          error={e("category")}
        />
        <SelectField
          name="authorId"
          label={labels("author")}
          optional
          options={authors.map((a) => ({ value: String(a.id), label: a.name }))}
          defaultValue={v("authorId", post?.authorId ? String(post.authorId) : "")}
          error={e("authorId")}
        />
        <TextField
          name="tags"
          label={labels("tags")}
          hint={t("tagsHint")}
          optional
          defaultValue={v("tags", post?.tags.join(", ") ?? "")}
          error={e("tags")}
        />
        <TextField
          name="ogImageKey"
          label={labels("ogImage")}
          hint={t("ogImageHint")}
          optional
          defaultValue={v("ogImageKey", post?.ogImageKey ?? "")}
          error={e("ogImageKey")}
        />
        <div>
          <label htmlFor="post-body" className="text-sm font-semibold text-slate-800">
            {labels("body")}
          </label>
          <textarea
            id="post-body"
            name="body"
            rows={18}
            defaultValue={v("body", post?.body ?? "")}
            aria-describedby="post-body-hint"
            aria-invalid={e("body") ? true : undefined}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm"
          />
          <p id="post-body-hint" className="mt-1 text-xs text-slate-500">
            {t("bodyHint")}
          </p>
          {e("body") && <p className="mt-1 text-sm font-medium text-danger-600">{e("body")}</p>}
        </div>
        <TextField
          name="publishAt"
          type="datetime-local"
          label={t("publishAt")}
          hint={t("publishAtHint")}
          optional
          defaultValue={v("publishAt", isPublic ? toLocalInput(post?.publishedAt ?? null) : "")}
          error={e("publishAt")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SubmitButton name="intent" value="save" variant="secondary">
            {post ? t("saveChanges") : t("save")}
          </SubmitButton>
          <SubmitButton name="intent" value="publish">
            {t("publish")}
          </SubmitButton>
        </div>
        {isPublic && (
          <SubmitButton name="intent" value="unpublish" variant="secondary">
            {t("unpublish")}
          </SubmitButton>
        )}
      </Form>
      <ImageUpload />
    </div>
  );
}
