import { Form, Link, redirect } from "react-router";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { closeInquiry } from "#core/support/close-inquiry.ts";
import { MAX_INQUIRY_PHOTOS, SUPPORT_LABELS, ZReplyInput } from "#core/support/fields.ts";
import { getInquiry } from "#core/support/get-inquiry.ts";
import { reopenInquiry } from "#core/support/reopen-inquiry.ts";
import { replyToInquiry } from "#core/support/reply-to-inquiry.ts";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, pathIdOf, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/support-thread";
import { InquiryStateBadge, InquiryThread, TextAreaField } from "./support-ui.tsx";

export const meta = titleMeta("support.mypage.title");
export const handle = { back: "/mypage/support/", tab: "mypage" };

const MAX_FORM_BYTES = MAX_INQUIRY_PHOTOS * MAX_IMAGE_BYTES + 64 * 1024;

/** The member's own inquiry; anyone else's is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireUser(context, request, langOf(params));
  const inquiryId = pathIdOf(params);
  const view = await orNotFound(() => getInquiry(core(context), { actor, inquiryId, view: "member" }));
  return {
    inquiry: {
      id: view.id,
      category: view.category,
      subject: view.subject,
      state: view.state,
      actions: view.actions,
      createdAt: view.createdAt.toISOString(),
      transaction: view.transaction,
      item: view.item,
      decisionId: view.decisionId,
      messages: view.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const inquiryId = pathIdOf(params);
  const ctx = core(context);
  const here = `/${lang}/mypage/support/${inquiryId}/`;
  let values: Record<string, string> = {};
  try {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", {
        message: IMAGE_MESSAGES.tooLarge,
        fields: { photos: IMAGE_MESSAGES.tooLarge },
      });
    }
    let form: FormData;
    try {
      form = await readForm(request);
    } catch {
      throw new AppError("BAD_REQUEST");
    }
    const intent = String(form.get("intent") ?? "");
    if (intent === "close") {
      await orNotFound(() => closeInquiry(ctx, { actor, inquiryId, as: "member" }));
    } else if (intent === "reopen") {
      await orNotFound(() => reopenInquiry(ctx, { actor, inquiryId }));
    } else {
      values = { body: String(form.get("body") ?? "") };
      const photos: Uint8Array[] = [];
      for (const file of form.getAll("photos")) {
        if (file instanceof Blob && file.size > 0) photos.push(new Uint8Array(await file.arrayBuffer()));
      }
      await orNotFound(() => replyToInquiry(ctx, { actor, inquiryId, input: values, photos }));
    }
    return redirect(here);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SupportThread({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support");
  const lang = langOf(params);
  const { inquiry } = loaderData;
  const canReply = inquiry.actions.includes("reply");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div>
        <Link
          to={`/${lang}/mypage/support/`}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("mypage.backToList")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{t("mypage.threadTitle", { id: inquiry.id })}</h1>
        <p className="mt-1 text-lg font-semibold break-words">{inquiry.subject}</p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <InquiryStateBadge state={inquiry.state} audience="member" />
          <span>{t(`categories.${inquiry.category as "other"}`)}</span>
          <span>{formatDate(inquiry.createdAt, lang, true)}</span>
        </p>
        {(inquiry.transaction || inquiry.item || inquiry.decisionId) && (
          <div className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm">
            <p className="text-xs font-bold text-slate-500">{t("mypage.related")}</p>
            <ul className="mt-1 flex flex-col gap-1">
              {inquiry.transaction && (
                <li>
                  <Link
                    to={`/${lang}/items/${inquiry.transaction.itemId}/transactions/${inquiry.transaction.role}/`}
                    className="text-brand-700 underline"
                  >
                    {t("mypage.relatedTransaction", { title: inquiry.transaction.title })}
                  </Link>
                </li>
              )}
              {inquiry.item && (
                <li>
                  <Link to={`/${lang}/items/${inquiry.item.id}/`} className="text-brand-700 underline">
                    {t("mypage.relatedItem", { id: inquiry.item.id })}
                  </Link>
                  {inquiry.item.title ? ` ${inquiry.item.title}` : ""}
                </li>
              )}
              {inquiry.decisionId && <li>{t("mypage.relatedDecision", { id: inquiry.decisionId })}</li>}
            </ul>
          </div>
        )}
      </div>

      <InquiryThread inquiryId={inquiry.id} messages={inquiry.messages} lang={lang} audience="member" />

      {canReply && (
        <section
          aria-labelledby="reply-title"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="reply-title" className="text-base font-bold">
            {t("mypage.replyTitle")}
          </h2>
          <ValidatedForm
            method="post"
            encType="multipart/form-data"
            className="mt-4 flex flex-col gap-4"
            data-testid="reply-form"
            state={actionData}
            validation={{
              schema: ZReplyInput,
              labels: { ...SUPPORT_LABELS, body: msg("support.fields.reply") },
            }}
          >
            <FormError message={actionData?.formError} />
            <TextAreaField
              name="body"
              label={t("fields.reply")}
              hint={t("mypage.replyHint")}
              rows={5}
              defaultValue={actionData?.values?.body}
              error={actionData?.errors?.body}
            />
            <TextField
              type="file"
              name="photos"
              label={t("fields.photos")}
              hint={t("mypage.photosHint")}
              accept={IMAGE_ACCEPT}
              multiple
              optional
              error={actionData?.errors?.photos}
            />
            <SubmitButton name="intent" value="reply">
              {t("mypage.send")}
            </SubmitButton>
          </ValidatedForm>
        </section>
      )}

      {inquiry.state === "CLOSED" && (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">{t("mypage.closedNote")}</p>
      )}
      {!canReply && actionData?.formError && <FormError message={actionData.formError} />}
      {inquiry.actions.includes("close") && (
        <Form method="post" encType="multipart/form-data">
          <SubmitButton name="intent" value="close" variant="secondary">
            {t("mypage.close")}
          </SubmitButton>
        </Form>
      )}
      {inquiry.actions.includes("reopen") && (
        <Form method="post" encType="multipart/form-data">
          <SubmitButton name="intent" value="reopen" variant="secondary">
            {t("mypage.reopen")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
