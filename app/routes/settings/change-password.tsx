import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { changePassword } from "#core/identity/change-password.ts";
import { FormError, PageCard, SubmitButton, TextField } from "../../components/form.tsx";
import {
  core,
  formFailure,
  formValues,
  langOf,
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
  const values = formValues(await request.formData(), [
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
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <TextField
          name="currentPassword"
          type="password"
          label={t("currentPassword")}
          autoComplete="current-password"
          error={actionData?.errors?.currentPassword}
        />
        <TextField
          name="password"
          type="password"
          label={t("password")}
          autoComplete="new-password"
          error={actionData?.errors?.password}
        />
        <TextField
          name="passwordConfirmation"
          type="password"
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          error={actionData?.errors?.passwordConfirmation}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={`/${params.lang}/reset-password/`} className="text-brand-700 underline">
          {t("forgot")}
        </Link>
      </p>
    </PageCard>
  );
}
