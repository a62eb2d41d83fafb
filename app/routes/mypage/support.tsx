import { Link, redirect } from "react-router";
import { AppError } from "#core/shared/errors.ts";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { SUPPORT_CATEGORIES } from "#core/support/categories.ts";
import { createInquiry } from "#core/support/create-inquiry.ts";
import { MAX_INQUIRY_PHOTOS, SUPPORT_LABELS, ZInquiryInput } from "#core/support/fields.ts";
import { listInquiryTransactions } from "#core/support/inquiry-transactions.ts";
import { listMyInquiries } from "#core/support/list-my-inquiries.ts";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/support";
import { InquiryStateBadge, TextAreaField } from "./support-ui.tsx";

export const meta = titleMeta("support.mypage.title");
export const handle = { back: "/mypage/", tab: "mypage" };

const FIELDS = ["category", "transactionId", "itemId", "decisionId", "subject", "body"] as const;
/** Three photos and the text around them; anything larger is refused before it is read. */
const MAX_FORM_BYTES = MAX_INQUIRY_PHOTOS * MAX_IMAGE_BYTES + 64 * 1024;

/** What the form starts with when linked from elsewhere (`?category=appeal&decision=700001`). */
function prefillOf(request: Request): Record<string, string> {
  const q = new URL(request.url).searchParams;
  const digits = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? v : "");
  const category = q.get("category") ?? "";
  return {
    category: SUPPORT_CATEGORIES.some((c) => c.code === category) ? category : "",
    transactionId: digits(q.get("transaction")),
    itemId: digits(q.get("item")),
    decisionId: digits(q.get("decision")),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireUser(context, request, langOf(params));
  const ctx = core(context);
  const [transactions, mine] = await Promise.all([
    listInquiryTransactions(ctx, { actor }),
    listMyInquiries(ctx, { actor, limit: 50 }),
  ]);
  return {
    prefill: prefillOf(request),
    transactions: transactions.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    inquiries: mine.items.map((i) => ({ ...i, lastMessageAt: i.lastMessageAt.toISOString() })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  let values: Record<string, string> = {};
  try {
    const form = await readForm(request);
    values = formValues(form, FIELDS);
    const photos: Uint8Array[] = [];
    for (const file of form.getAll("photos")) {
      if (file instanceof Blob && file.size > 0) photos.push(new Uint8Array(await file.arrayBuffer()));
    }
    const created = await createInquiry(core(context), { actor, input: values, photos, locale: lang });
    return redirect(`/${lang}/mypage/support/thanks/?id=${created.id}`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

async function readForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      message: IMAGE_MESSAGES.tooLarge,
      fields: { photos: IMAGE_MESSAGES.tooLarge },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new AppError("BAD_REQUEST");
  }
}

/** The inquiry form (prefilled from a link), and below it the member's inquiries. */
export default function SupportPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support");
  const lang = langOf(params);
  const { prefill, transactions, inquiries } = loaderData;
  const v = (name: (typeof FIELDS)[number]) => actionData?.values?.[name] ?? prefill[name] ?? "";
  const e = (name: string) => actionData?.errors?.[name];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8">
      <section aria-labelledby="page-title">
        <h1 id="page-title" className="text-2xl font-bold">
          {t("mypage.title")}
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("mypage.lead")}</p>
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 className="text-base font-bold">{t("mypage.formTitle")}</h2>
          <ValidatedForm
            method="post"
            encType="multipart/form-data"
            className="mt-4 flex flex-col gap-5"
            data-testid="support-form"
            state={actionData}
            validation={{ schema: ZInquiryInput, labels: SUPPORT_LABELS }}
          >
            <FormError message={actionData?.formError} />
            <SelectField
              name="category"
              label={t("fields.category")}
              defaultValue={v("category")}
              error={e("category")}
              options={SUPPORT_CATEGORIES.map((c) => ({ value: c.code, label: t(`categories.${c.code}`) }))}
            />
            {transactions.length > 0 || v("transactionId") ? (
              <TransactionSelect
                transactions={transactions}
                defaultValue={v("transactionId")}
                error={e("transactionId")}
                lang={lang}
              />
            ) : null}
            <TextField
              name="itemId"
              label={t("fields.itemId")}
              hint={t("mypage.itemIdHint")}
              inputMode="numeric"
              autoComplete="off"
              optional
              defaultValue={v("itemId")}
              error={e("itemId")}
            />
            <TextField
              name="decisionId"
              label={t("fields.decisionId")}
              hint={t("mypage.decisionIdHint")}
              inputMode="numeric"
              autoComplete="off"
              optional
              defaultValue={v("decisionId")}
              error={e("decisionId")}
            />
            <TextField
              name="subject"
              label={t("fields.subject")}
              hint={t("mypage.subjectHint")}
              autoComplete="off"
              defaultValue={v("subject")}
              error={e("subject")}
            />
            <TextAreaField
              name="body"
              label={t("fields.body")}
              hint={t("mypage.bodyHint")}
              rows={8}
              defaultValue={v("body")}
              error={e("body")}
            />
            <TextField
              type="file"
              name="photos"
              label={t("fields.photos")}
              hint={t("mypage.photosHint")}
              accept={IMAGE_ACCEPT}
              multiple
              optional
              error={e("photos")}
            />
            <SubmitButton>{t("mypage.submit")}</SubmitButton>
          </ValidatedForm>
        </div>
      </section>
      <section aria-labelledby="inquiries-title">
        <h2 id="inquiries-title" className="mb-2 text-sm font-bold text-slate-500">
          {t("mypage.listTitle")}
        </h2>
        {inquiries.length === 0 ? (
          <p className="rounded-2xl bg-white px-5 py-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
            {t("mypage.empty")}
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            data-testid="my-inquiries"
          >
            {inquiries.map((i) => (
              <li key={i.id}>
                <Link
                  to={`/${lang}/mypage/support/${i.id}/`}
                  className="flex flex-col gap-1 px-5 py-4 hover:bg-slate-50"
                  data-testid="my-inquiry"
                >
                  <span className="flex items-center gap-2">
                    <InquiryStateBadge state={i.state} audience="member" />
                    <span className="text-xs text-slate-500">{t("mypage.number", { id: i.id })}</span>
                  </span>
                  <span className="text-sm font-semibold break-words">{i.subject}</span>
                  <span className="text-xs text-slate-500">
                    {t("mypage.lastUpdate", { date: formatDate(i.lastMessageAt, lang, true) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TransactionSelect({
  transactions,
  defaultValue,
  error,
  lang,
}: {
  transactions: { id: number; title: string; role: "buyer" | "seller"; createdAt: string }[];
  defaultValue: string;
  error: string | undefined;
  lang: "ja" | "en";
}) {
  const t = useTranslations("support");
  return (
    <SelectField
      name="transactionId"
      label={t("fields.transactionId")}
      optional
      defaultValue={defaultValue}
      error={error}
      options={transactions.map((x) => ({
        value: String(x.id),
        label: t("mypage.transactionOption", {
          title: x.title,
          role: x.role === "buyer" ? t("mypage.buyer") : t("mypage.seller"),
          date: formatDate(x.createdAt, lang),
        }),
      }))}
    />
  );
}
