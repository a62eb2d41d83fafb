import { redirect } from "react-router";
import { useTranslations } from "use-intl";
import { FIELD_LABELS, ZRequestPasswordReset } from "#core/identity/fields.ts";
import { requestPasswordReset } from "#core/identity/request-password-reset.ts";
import { EmailField, FormError, PageCard, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { core, formFailure, formValues, langOf, requestInfo } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reset-password";

export const meta = titleMeta("resetPassword.title");
export const handle = { back: "/login/", tab: "mypage" };

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const values = formValues(await request.formData(), ["email"] as const);
  try {
    await requestPasswordReset(core(context), { input: values, locale: lang, ip: requestInfo(context).ip });
    return redirect(`/${lang}/reset-password/sent/`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useTranslations("resetPassword");
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZRequestPasswordReset, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <EmailField label={t("email")} state={actionData} />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
