import { Link, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { FIELD_LABELS, ZLogIn } from "#core/identity/fields.ts";
import { logIn } from "#core/identity/log-in.ts";
import { sessionCookie } from "#server/cookies.ts";
import {
  Checkbox,
  EmailField,
  FormError,
  PageCard,
  PasswordField,
  SubmitButton,
  ValidatedForm,
} from "../../components/form.tsx";
import {
  core,
  formFailure,
  formValues,
  langOf,
  redirectWithFlash,
  requestInfo,
  safeRedirect,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login";
import { twoStepTicketCookie } from "./two-step-ticket.server.ts";

export const meta = titleMeta("login.title");
export const handle = { back: "/", tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  if (requestInfo(context).user) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), langOf(params)));
  }
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await request.formData();
  const values = formValues(form, ["email", "password"] as const);
  const persistent = form.get("remember") === "on";
  const info = requestInfo(context);
  try {
    const r = await logIn(core(context), {
      input: values,
      kind: "web",
      persistent,
      ip: info.ip,
      userAgent: info.userAgent,
    });
    const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), lang);
    if (r.twoStep) {
      // Two-step verification: the code page next, keeping where the member was going.
      return redirect(`/${lang}/login/two-step/?redirect=${encodeURIComponent(to)}`, {
        headers: { "Set-Cookie": twoStepTicketCookie(r.twoStep.ticket, secureCookies(context)) },
      });
    }
    return redirectWithFlash(context, to, "login.loggedIn", [
      sessionCookie(r.token, persistent, secureCookies(context)),
    ]);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function Login({ actionData, params }: Route.ComponentProps) {
  const t = useTranslations("login");
  const lang = params.lang;
  return (
    <PageCard title={t("title")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZLogIn, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <EmailField label={t("email")} state={actionData} />
        <PasswordField
          name="password"
          label={t("password")}
          autoComplete="current-password"
          state={actionData}
        />
        <Checkbox name="remember" label={t("remember")} defaultChecked />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
      <div className="mt-6 flex flex-col gap-3 text-center text-sm">
        <Link to={`/${lang}/reset-password/`} className="text-brand-700 underline">
          {t("forgot")}
        </Link>
        <p className="text-slate-600">
          {t("noAccount")}{" "}
          <Link to={`/${lang}/signup/`} className="font-semibold text-brand-700 underline">
            {t("signup")}
          </Link>
        </p>
      </div>
    </PageCard>
  );
}
