import { Link } from "react-router";
import { pendingBuyerEmail, saveBuyerAccount } from "#core/buyback/buyer-account.ts";
import { BUYER_LABELS, ZBuyerAccount, ZBuyerSignupCode } from "#core/buyback/buyer-fields.ts";
import { confirmEmailChange } from "#core/identity/change-email.ts";
import { clearCookie, TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  readForm,
  redirectWithFlash,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/setup-account";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackBuyer.account.title", { noindex: true });

const FIELDS = ["companyName", "name", "email", "code"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  const pendingEmail = new URL(request.url).searchParams.has("sent")
    ? await pendingBuyerEmail(core(context), {
        userId: buyer.userId,
        ticket: cookiesOf(request)[TICKET_COOKIE],
      })
    : null;
  return {
    account: { companyName: buyer.companyName, name: buyer.name, email: buyer.email },
    firstVisit: buyer.setupAt === null,
    pendingEmail,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const buyer = await requireBuyer(context, request, lang);
  const actor = requestInfo(context).user!;
  const form = await readForm(request);
  const values = formValues(form, FIELDS);
  const here = `/${lang}/buyback/setup/account/`;
  const secure = secureCookies(context);
  try {
    if (form.get("intent") === "verify") {
      await confirmEmailChange(core(context), {
        actor,
        ticket: cookiesOf(request)[TICKET_COOKIE] ?? "",
        input: { code: values.code },
      });
      return redirectWithFlash(context, here, "buybackBuyer.flash.emailChanged", [
        clearCookie(TICKET_COOKIE, secure),
      ]);
    }
    const r = await saveBuyerAccount(core(context), {
      actor,
      input: { companyName: values.companyName, name: values.name, email: values.email },
      locale: lang,
      ip: requestInfo(context).ip,
    });
    if (r.emailChange) {
      return redirectWithFlash(context, `${here}?sent=1`, "buybackBuyer.flash.saved", [
        ticketCookie(r.emailChange.ticket, secure),
      ]);
    }
    return buyer.setupAt === null
      ? redirectWithFlash(context, `/${lang}/buyback/deliveries/`, "buybackBuyer.flash.setupDone")
      : redirectWithFlash(context, here, "buybackBuyer.flash.saved");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/**
 * Spec §2's account settings: company name, user name, e-mail, save. The first visit after joining
 * is the setup step; a new address is confirmed with a code sent to it before it is used.
 */
export default function BuybackAccount({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackBuyer.account");
  const fields = useTranslations("buybackBuyer.fields");
  const lang = langOf(params);
  const { account, firstVisit, pendingEmail } = loaderData;
  const v = (name: "companyName" | "name" | "email") => actionData?.values?.[name] ?? account[name];
  const e = (name: string) => actionData?.errors?.[name];
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
  return (
    <section className="flex max-w-xl flex-col gap-4" aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className="text-2xl font-bold">
          {firstVisit ? t("setupTitle") : t("title")}
        </h1>
        {firstVisit && <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("setupLead")}</p>}
      </div>
      {pendingEmail ? (
        <div className={card}>
          <h2 className="text-lg font-bold">{t("codeTitle")}</h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600" data-testid="email-code-sent">
            {t("codeSent", { email: pendingEmail })}
          </p>
          <ValidatedForm
            method="post"
            className="mt-5 flex flex-col gap-5"
            state={actionData}
            validation={{ schema: ZBuyerSignupCode, labels: BUYER_LABELS }}
          >
            <FormError message={actionData?.formError} />
            <TextField
              name="code"
              label={t("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="[0-9]*"
              error={e("code")}
            />
            <SubmitButton name="intent" value="verify">
              {t("verify")}
            </SubmitButton>
          </ValidatedForm>
          <p className="mt-5 text-center text-sm">
            <Link to={`/${lang}/buyback/setup/account/`} className="text-brand-700 underline">
              {t("cancel")}
            </Link>
          </p>
        </div>
      ) : (
        <ValidatedForm
          method="post"
          className={`${card} flex flex-col gap-5`}
          data-testid="account-form"
          state={actionData}
          validation={{ schema: ZBuyerAccount, labels: BUYER_LABELS }}
        >
          <FormError message={actionData?.formError} />
          <TextField
            name="companyName"
            label={fields("companyName")}
            autoComplete="organization"
            maxLength={100}
            defaultValue={v("companyName")}
            error={e("companyName")}
          />
          <TextField
            name="name"
            label={fields("name")}
            autoComplete="name"
            maxLength={40}
            defaultValue={v("name")}
            error={e("name")}
          />
          <TextField
            name="email"
            type="email"
            label={t("email")}
            hint={t("emailHint")}
            autoComplete="email"
            inputMode="email"
            defaultValue={v("email")}
            error={e("email")}
          />
          <div className="sm:max-w-xs">
            <SubmitButton name="intent" value="save">
              {t("save")}
            </SubmitButton>
          </div>
        </ValidatedForm>
      )}
    </section>
  );
}
