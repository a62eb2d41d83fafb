import { Form, Link } from "react-router";
import { getItem } from "#core/catalog/get-item.ts";
import { deleteComment, mayDeleteComment } from "#core/social/delete-comment.ts";
import { listComments } from "#core/social/list-comments.ts";
import { postComment } from "#core/social/post-comment.ts";
import { CommentForm } from "../../components/comment-form.tsx";
import { FormError } from "../../components/form.tsx";
import { formatDate, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
} from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/comments";

export const handle = { back: "history", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const itemId = pathIdOf(params);
  const viewer = requestInfo(context).user;
  const ctx = core(context);
  const item = await orNotFound(() => getItem(ctx, { itemId, viewerId: viewer?.id ?? null }));
  const comments = await listComments(ctx, { itemId, limit: 200 });
  return {
    item: {
      id: item.id,
      title: item.title,
      state: item.state,
      commentable: item.commentable,
      sellerId: item.seller.id,
      blocked: item.viewer.blockedBySeller,
    },
    comments: comments.items.map((c) => ({
      ...c,
      deletable: mayDeleteComment(viewer?.id ?? null, { authorId: c.authorId, sellerId: item.seller.id }),
    })),
    viewerId: viewer?.id ?? null,
    /** Members may report comments others wrote. */
    mayReport: viewer?.role === "member",
  };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const title = args.loaderData
    ? `${t("catalog.comments")}: ${args.loaderData.item.title}`
    : t("catalog.comments");
  return seo(args, { title });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const itemId = pathIdOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const body = String(form.get("body") ?? "");
  try {
    if (form.get("intent") === "delete") {
      await deleteComment(core(context), { actor, itemId, commentId: Number(form.get("commentId")) });
      return redirectWithFlash(context, `/${lang}/items/${itemId}/comments/`, "catalog.commentDeleted");
    }
    await postComment(core(context), { actor, itemId, input: { body } });
    return redirectWithFlash(context, `/${lang}/items/${itemId}/comments/`, "catalog.commentPosted");
  } catch (error) {
    return formFailure(error, lang, { body });
  }
}

export default function Comments({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const lang = langOf(params);
  const moderation = useTranslations("moderation");
  const { item, comments, viewerId, mayReport } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4" aria-labelledby="comments-title">
      <h1 id="comments-title" className="text-xl font-bold">
        {t("comments")}
      </h1>
      <Link to={`/${lang}/items/${item.id}/`} className="text-sm text-brand-700 underline">
        {item.title}
      </Link>
      {comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t("noComments")}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="comment-list">
          {comments.map((c) => (
            <li key={c.id} className="rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center justify-between gap-2">
                <p className="text-xs text-slate-500">
                  <Link to={`/${lang}/users/${c.authorId}/`} className="font-semibold text-slate-700">
                    {c.authorNickname}
                  </Link>{" "}
                  {c.authorId === item.sellerId && (
                    <span className="rounded bg-brand-50 px-1.5 text-brand-700">{t("seller")}</span>
                  )}{" "}
                  {t("separator")}
                  {formatDate(c.createdAt, lang, true)}
                </p>
                {c.deletable && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="commentId" value={c.id} />
                    <button type="submit" className="text-xs text-slate-500 underline">
                      {t("deleteComment")}
                    </button>
                  </Form>
                )}
              </div>
              <p className="mt-1 whitespace-pre-wrap">{c.body}</p>
              {mayReport && viewerId !== c.authorId && (
                <Link
                  to={`/${lang}/report/?type=comment&id=${c.id}`}
                  className="mt-1 inline-block text-xs text-slate-500 underline"
                  data-testid={`report-comment-${c.id}`}
                >
                  {moderation("reportLink")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormError message={actionData?.formError} />
      {item.commentable &&
        (viewerId === null ? (
          <Link
            to={`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/items/${item.id}/comments/`)}`}
            className="text-sm text-brand-700 underline"
          >
            {t("loginToComment")}
          </Link>
        ) : item.blocked ? (
          <p className="rounded-lg bg-red-50 p-3 text-sm text-danger-600">{t("blockedNotice")}</p>
        ) : (
          <CommentForm defaultValue={actionData?.values?.body} error={actionData?.errors?.body} />
        ))}
    </section>
  );
}
