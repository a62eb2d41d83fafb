import { Link, redirect } from "react-router";
import { VISITOR_CATEGORIES } from "#core/support/categories.ts";
import { createVisitorInquiry } from "#core/support/create-visitor-inquiry.ts";
import { VISITOR_INQUIRY_LABELS, ZVisitorInquiryInput } from "#core/support/fields.ts";
import { useBotCheck } from "../../components/bot-check.tsx";
import {
  EmailField,
  FormError,
  PageCard,
  SubmitButton,
  TextField,
  ValidatedForm,
} from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { botCheckClient, botCheckTokenOf } from "../../lib/bot-check.server.ts";
import { core, formFailure, formValues, langOf, readForm, requestInfo } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import { TextAreaField } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/contact";

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("helpContact.title"), description: t("helpContact.description") });
}
export const handle = { back: "/help/" };

const FIELDS = ["name", "email", "category", "subject", "body"] as const;

/** Members ask from their own support page, where the thread and their sales are. */
export function loader({ context, params }: Route.LoaderArgs) {
  if (requestInfo(context).user) throw redirect(`/${langOf(params)}/mypage/support/`);
  return { botCheck: botCheckClient(context, "contact") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  if (requestInfo(context).user) throw redirect(`/${lang}/mypage/support/`);
  const form = await readForm(request);
  const values = formValues(form, FIELDS);
  try {
    const sent = await createVisitorInquiry(core(context), {
      input: values,
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
    });
    return { sent: { id: sent.id, email: sent.email } };
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** The help centre's contact form for visitors: the question lands in the support queue. */
export default function HelpContact({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("helpContact");
  const s = useTranslations("support");
  const help = useTranslations("help");
  const shell = useTranslations("shell");
  const lang = params.lang;
  const state = actionData && "sent" in actionData ? undefined : actionData;
  const botCheck = useBotCheck(loaderData.botCheck, state);
  if (actionData && "sent" in actionData) {
    return (
      <PageCard title={t("sentTitle")}>
        <div role="status" className="flex flex-col gap-3 text-sm leading-relaxed">
          <p>{t("sent", { id: actionData.sent.id, email: actionData.sent.email })}</p>
          <p className="text-slate-600">{t("sentNote")}</p>
        </div>
        <Link to={`/${lang}/help/`} className="mt-6 inline-block text-sm text-brand-700 underline">
          {help("backToHelp")}
        </Link>
      </PageCard>
    );
  }
  const v = (name: (typeof FIELDS)[number]) => state?.values?.[name] ?? "";
  const e = (name: (typeof FIELDS)[number]) => state?.errors?.[name];
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <p className="mb-5 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {t("memberNote")}{" "}
        <Link
          to={`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/mypage/support/`)}`}
          className="text-brand-700 underline"
        >
          {shell("login")}
        </Link>
      </p>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={state}
        validation={{ schema: ZVisitorInquiryInput, labels: VISITOR_INQUIRY_LABELS }}
        data-testid="contact-form"
      >
        <FormError message={botCheck.formError} />
        <TextField
          name="name"
          label={t("name")}
          autoComplete="name"
          defaultValue={v("name")}
          error={e("name")}
        />
        <EmailField label={t("email")} hint={t("emailHint")} state={state} />
        <SelectField
          name="category"
          label={t("category")}
          defaultValue={v("category")}
          error={e("category")}
          options={VISITOR_CATEGORIES.map((c) => ({ value: c.code, label: s(`categories.${c.code}`) }))}
        />
        <TextField
          name="subject"
          label={t("subject")}
          autoComplete="off"
          defaultValue={v("subject")}
          error={e("subject")}
        />
        <TextAreaField
          name="body"
          label={t("body")}
          hint={t("bodyHint")}
          rows={8}
          defaultValue={v("body")}
          error={e("body")}
        />
        {botCheck.field}
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
