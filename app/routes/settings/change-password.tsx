import { Link } from "react-router";
import { changePassword } from "#core/identity/change-password.ts";
import { FIELD_LABELS, ZChangePassword } from "#core/identity/fields.ts";
import { FormError, PageCard, PasswordField, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/change-password";

export const meta = titleMeta("changePassword.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request, langOf(params));
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const values = formValues(await readForm(request), [
    "currentPassword",
    "password",
    "passwordConfirmation",
  ] as const);
  try {
    await changePassword(core(context), { actor, input: values });
    return redirectWithFlash(context, `/${lang}/mypage/`, "changePassword.done");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function ChangePassword({ actionData, params }: Route.ComponentProps) {
  const t = useTranslations("changePassword");
  return (
    <PageCard title={t("title")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZChangePassword, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <PasswordField
          name="currentPassword"
          label={t("currentPassword")}
          autoComplete="current-password"
          state={actionData}
        />
        <PasswordField name="password" label={t("password")} autoComplete="new-password" state={actionData} />
        <PasswordField
          name="passwordConfirmation"
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          state={actionData}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
      <p className="mt-5 text-center text-sm">
        <Link to={`/${params.lang}/reset-password/`} className="text-brand-700 underline">
          {t("forgot")}
        </Link>
      </p>
    </PageCard>
  );
}
