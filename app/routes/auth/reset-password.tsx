import { redirect } from "react-router";
import { FIELD_LABELS, ZRequestPasswordReset } from "#core/identity/fields.ts";
import { requestPasswordReset } from "#core/identity/request-password-reset.ts";
import { useBotCheck } from "../../components/bot-check.tsx";
import { EmailField, FormError, PageCard, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { botCheckClient, botCheckTokenOf } from "../../lib/bot-check.server.ts";
import { core, formFailure, formValues, langOf, readForm, requestInfo } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reset-password";

export const meta = titleMeta("resetPassword.title");
export const handle = { back: "/login/", tab: "mypage" };

export function loader({ context }: Route.LoaderArgs) {
  return { botCheck: botCheckClient(context, "password_reset") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["email"] as const);
  try {
    await requestPasswordReset(core(context), {
      input: values,
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
    });
    return redirect(`/${lang}/reset-password/sent/`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("resetPassword");
  const botCheck = useBotCheck(loaderData.botCheck, actionData);
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZRequestPasswordReset, labels: FIELD_LABELS }}
      >
        <FormError message={botCheck.formError} />
        <EmailField label={t("email")} state={actionData} />
        {botCheck.field}
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
