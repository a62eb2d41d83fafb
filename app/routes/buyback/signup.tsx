import { data, Link, redirect, useSearchParams } from "react-router";
import { applyAsBuyer } from "#core/buyback/apply-as-buyer.ts";
import { BUYER_LABELS, ZBuyerSignupCode, ZBuyerSignupName } from "#core/buyback/buyer-fields.ts";
import { completeBuyerSignup, pendingBuyerSignup, startBuyerSignup } from "#core/buyback/buyer-signup.ts";
import { openInvitation } from "#core/buyback/open-invitation.ts";
import { TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import {
  APPLICATION_FIELDS,
  BuyerApplicationForm,
  BuyerApplicationSent,
} from "../../components/buyback/buyer-application-form.tsx";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { botCheckClient, botCheckTokenOf } from "../../lib/bot-check.server.ts";
import { langOf } from "../../lib/lang.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  readForm,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import { Agreement } from "../auth/signup.tsx";
import type { Route } from "./+types/signup";
import { signInBuyer } from "./buyer-auth.server.ts";

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const applying = args.loaderData?.status === "apply";
  return seo(args, {
    title: t(applying ? "buyerApplication.title" : "buybackBuyer.signup.title"),
    noindex: true,
  });
}

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** Without an invitation's token, the page is a company's application to become a buyer. */
function isApplication(request: Request): boolean {
  return !new URL(request.url).searchParams.has("token");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (isApplication(request)) {
    return {
      status: "apply" as const,
      botCheck: botCheckClient(context, "contact"),
      invitation: null,
      pending: null,
    };
  }
  const token = tokenOf(request);
  const link = await openInvitation(core(context), token);
  if (link.status !== "open") {
    // A link that names nothing is not found; one that ran out or was used is gone.
    return data(
      { status: link.status, invitation: null, pending: null },
      { status: link.status === "invalid" ? 404 : 410 },
    );
  }
  const sent = new URL(request.url).searchParams.has("sent");
  const pending = sent
    ? await pendingBuyerSignup(core(context), { token, ticket: cookiesOf(request)[TICKET_COOKIE] })
    : null;
  return {
    status: link.status,
    invitation: { companyName: link.companyName, email: link.invitation.email },
    pending,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const token = tokenOf(request);
  const form = await readForm(request);
  if (isApplication(request)) return apply(context, lang, form);
  const values = formValues(form, ["name", "code"] as const);
  const info = requestInfo(context);
  try {
    if (form.get("intent") === "verify") {
      const r = await completeBuyerSignup(core(context), {
        token,
        ticket: cookiesOf(request)[TICKET_COOKIE] ?? "",
        input: { code: values.code },
        session: { kind: "web", persistent: false, ip: info.ip, userAgent: info.userAgent },
      });
      return signInBuyer(context, {
        buyerId: r.buyer.userId,
        token: r.token,
        persistent: false,
        to: `/${lang}/buyback/setup/account/`,
        flash: "buybackBuyer.flash.registered",
      });
    }
    const { ticket } = await startBuyerSignup(core(context), {
      token,
      input: { name: values.name },
      locale: lang,
      ip: info.ip,
    });
    const next = new URLSearchParams({ token, sent: "1" });
    return redirect(`/${lang}/buyback/signup/?${next}`, {
      headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** A company's application: sent to the back office's queue, or the form again with its messages. */
async function apply(context: Route.ActionArgs["context"], lang: ReturnType<typeof langOf>, form: FormData) {
  const categories = form.getAll("categories").filter((c): c is string => typeof c === "string");
  const values = { ...formValues(form, APPLICATION_FIELDS), categories: categories.join(",") };
  try {
    const sent = await applyAsBuyer(core(context), {
      input: { ...values, categories },
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
    });
    return { sent: { id: sent.id, email: sent.email } };
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** An invitation link's page: who invited whom, then the name and the emailed code. */
export default function BuybackSignup({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackBuyer.signup");
  const fields = useTranslations("buybackBuyer.fields");
  const [searchParams] = useSearchParams();
  const lang = langOf(params);
  if (loaderData.status === "apply") {
    if (actionData && "sent" in actionData) return <BuyerApplicationSent lang={lang} {...actionData.sent} />;
    const state = actionData && "sent" in actionData ? undefined : actionData;
    return <BuyerApplicationForm lang={lang} state={state} botCheck={loaderData.botCheck} />;
  }
  const state = actionData && "sent" in actionData ? undefined : actionData;
  if (loaderData.status !== "open") {
    const closed = loaderData.status;
    return (
      <PageCard title={t(`${closed}.title`)}>
        <p className="text-sm leading-relaxed text-slate-700" data-testid="invitation-closed">
          {t(`${closed}.body`)}
        </p>
        {closed === "used" && (
          <Link
            to={`/${lang}/buyback/login/`}
            className="mt-5 flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700"
          >
            {t("used.login")}
          </Link>
        )}
      </PageCard>
    );
  }
  const { invitation, pending } = loaderData;
  const facts = (
    <dl className="mb-5 grid gap-3 rounded-lg bg-slate-50 p-4 text-sm" data-testid="invitation">
      <div>
        <dt className="font-semibold text-slate-800">{t("company")}</dt>
        <dd className="mt-0.5 break-words text-slate-700">{invitation.companyName}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-800">{t("email")}</dt>
        <dd className="mt-0.5 break-all text-slate-700">{invitation.email}</dd>
      </div>
    </dl>
  );
  if (pending) {
    return (
      <PageCard title={t("codeTitle")} lead={t("codeSent", { email: pending.email })}>
        {facts}
        <ValidatedForm
          method="post"
          className="flex flex-col gap-5"
          state={state}
          validation={{ schema: ZBuyerSignupCode, labels: BUYER_LABELS }}
        >
          <FormError message={state?.formError} />
          <TextField
            name="code"
            label={t("code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]*"
            error={state?.errors?.code}
          />
          <SubmitButton name="intent" value="verify">
            {t("verify")}
          </SubmitButton>
        </ValidatedForm>
        <p className="mt-5 text-center text-sm">
          <Link
            to={`/${lang}/buyback/signup/?${new URLSearchParams({ token: searchParams.get("token") ?? "" })}`}
            className="text-brand-700 underline"
          >
            {t("restart")}
          </Link>
        </p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("title")} lead={t("invited", { companyName: invitation.companyName })}>
      {facts}
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={state}
        validation={{ schema: ZBuyerSignupName, labels: BUYER_LABELS }}
      >
        <FormError message={state?.formError} />
        <TextField
          name="name"
          label={fields("name")}
          hint={t("nameHint")}
          autoComplete="name"
          maxLength={40}
          defaultValue={state?.values?.name ?? ""}
          error={state?.errors?.name}
        />
        <Agreement lang={lang} />
        <SubmitButton name="intent" value="start">
          {t("sendCode")}
        </SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
