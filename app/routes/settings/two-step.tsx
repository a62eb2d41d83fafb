import { data, Form, Link, redirect } from "react-router";
import { renderSVG } from "uqr";
import { confirmTotpEnrolment } from "#core/identity/confirm-totp-enrolment.ts";
import { enableSmsTwoStep } from "#core/identity/enable-sms-two-step.ts";
import { formatPhoneNumber } from "#core/identity/phone-fields.ts";
import { regenerateRecoveryCodes } from "#core/identity/regenerate-recovery-codes.ts";
import { pendingTotpEnrolment, startTotpEnrolment } from "#core/identity/start-totp-enrolment.ts";
import { turnOffTwoStep } from "#core/identity/turn-off-two-step.ts";
import { twoStepOn, twoStepRequired, twoStepStatus } from "#core/identity/two-step.ts";
import { CodeField, FormError, PasswordField, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  requireUser,
  safeRedirect,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/two-step";

export const meta = titleMeta("twoStep.settings.title");
export const handle = { back: "/settings/", tab: "mypage" };

/** The secret in groups of four, as people copy it into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const status = await twoStepStatus(ctx, user.id);
  const pending = await pendingTotpEnrolment(ctx, user);
  const next = new URL(request.url).searchParams.get("redirect");
  return {
    on: twoStepOn(status),
    totp: status.totp,
    sms: status.sms,
    phone: status.phoneNumber ? formatPhoneNumber(status.phoneNumber) : null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    /** Operators must turn it on before the back office opens (decision 033). */
    required: twoStepRequired(user.role, status),
    next: next ? safeRedirect(next, lang) : null,
    enrolment: pending
      ? {
          secret: grouped(pending.secret),
          uri: pending.uri,
          qr: renderSVG(pending.uri, { border: 2, pixelSize: 6 }),
        }
      : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const ctx = core(context);
  const form = await readForm(request);
  const values = formValues(form, ["code", "currentPassword"] as const);
  const intent = form.get("intent");
  const next = new URL(request.url).searchParams.get("redirect");
  const here = `/${lang}/settings/two-step/${next ? `?redirect=${encodeURIComponent(safeRedirect(next, lang))}` : ""}`;
  try {
    if (intent === "start") {
      await startTotpEnrolment(ctx, { actor });
      throw redirect(here);
    }
    if (intent === "confirm") {
      const r = await confirmTotpEnrolment(ctx, { actor, input: { code: values.code } });
      return { done: "totpDone" as const, recoveryCodes: r.recoveryCodes };
    }
    if (intent === "sms") {
      const r = await enableSmsTwoStep(ctx, { actor });
      return { done: "smsDone" as const, recoveryCodes: r.recoveryCodes };
    }
    if (intent === "regenerate") {
      return { done: "regenerated" as const, recoveryCodes: await regenerateRecoveryCodes(ctx, { actor }) };
    }
    if (intent === "off") {
      await turnOffTwoStep(ctx, { actor, input: { currentPassword: values.currentPassword } });
      return redirectWithFlash(context, `/${lang}/settings/two-step/`, "twoStep.settings.turnedOff");
    }
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = formFailure(error, lang, values);
    return data({ ...failure.data, intent: String(intent) }, failure.init ?? undefined);
  }
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const t = useTranslations("twoStep.settings");
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0"
    >
      <h2 id="recovery-codes-title" className="text-lg font-bold">
        {t("codesTitle")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("codesLead")}</p>
      <ol
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 font-mono text-base tracking-wider"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="select-all">
            {c}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row print:hidden">
        <button
          type="button"
          onClick={() => window.print()}
          className="flex h-12 items-center sm:flex-1 justify-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("print")}
        </button>
        <Link
          to={next}
          className="flex h-12 items-center sm:flex-1 justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t("codesSaved")}
        </Link>
      </div>
    </section>
  );
}

/** `/settings/two-step/`: two-step verification's status, setting up an authenticator or SMS, backup codes, turning it off. */
export default function SettingsTwoStep({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("twoStep.settings");
  const lang = params.lang === "en" ? "en" : "ja";
  const d = loaderData;
  const failed = actionData && "intent" in actionData ? actionData : undefined;
  const done = actionData && "done" in actionData ? actionData : undefined;
  const here = `/${lang}/settings/two-step/`;
  if (done?.recoveryCodes) {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-4">
        <h1 className="text-2xl font-bold print:hidden">{t("title")}</h1>
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800 print:hidden">
          {t(done.done)}
        </p>
        <RecoveryCodes codes={done.recoveryCodes} next={d.next ?? here} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      </div>
      {d.required && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t("operatorRequired")}
        </p>
      )}
      {done && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {t(done.done)}
        </p>
      )}
      {d.on && d.next && (
        <Link
          to={d.next}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t("continue")}
        </Link>
      )}

      <section
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        aria-labelledby="status-title"
      >
        <h2 id="status-title" className="flex items-center justify-between text-lg font-bold">
          {t("status")}
          <span
            data-testid="two-step-status"
            className={`rounded-full px-3 py-1 text-sm ${d.on ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
          >
            {d.on ? t("on") : t("off")}
          </span>
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-slate-800">{t("totp")}</dt>
          <dd className="text-slate-600">{d.totp ? t("totpOn") : t("totpOff")}</dd>
          <dt className="font-semibold text-slate-800">{t("sms")}</dt>
          <dd className="text-slate-600">
            {d.sms && d.phone ? t("smsOn", { phone: d.phone }) : t("smsOff")}
          </dd>
        </dl>
        {d.on && (
          <p className="mt-3 text-sm text-slate-600">{t("recoveryLeft", { count: d.recoveryCodesLeft })}</p>
        )}
        {failed && !["confirm", "off"].includes(failed.intent) && <FormError message={failed.formError} />}
        <div className="mt-4 flex flex-col gap-3">
          {!d.totp && !d.enrolment && (
            <Form method="post">
              <SubmitButton name="intent" value="start">
                {t("startTotp")}
              </SubmitButton>
            </Form>
          )}
          {!d.sms &&
            (d.phone ? (
              <Form method="post">
                <SubmitButton name="intent" value="sms" variant="secondary">
                  {t("enableSms")}
                </SubmitButton>
              </Form>
            ) : (
              <p className="text-sm text-slate-600">
                {t.rich("smsNeedsPhone", {
                  link: (chunks) => (
                    <Link to={`/${lang}/settings/sms/`} className="text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ))}
          {d.on && (
            <Form method="post">
              <SubmitButton name="intent" value="regenerate" variant="secondary">
                {t("regenerate")}
              </SubmitButton>
              <p className="mt-2 text-xs text-slate-500">{t("regenerateHint")}</p>
            </Form>
          )}
        </div>
      </section>

      {d.enrolment && (
        <section
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="enrol-title"
        >
          <h2 id="enrol-title" className="text-lg font-bold">
            {t("enrolTitle")}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("enrolStep1")}</p>
          <div
            role="img"
            aria-label={t("qrAlt")}
            className="mx-auto mt-4 w-48"
            // Rendered on the server from our own otpauth:// address: nothing a person typed.
            dangerouslySetInnerHTML={{ __html: d.enrolment.qr }}
          />
          <a
            href={d.enrolment.uri}
            className="mt-4 flex h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-6 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("enrolLink")}
          </a>
          <p className="mt-4 text-sm leading-relaxed text-slate-700">{t("enrolManual")}</p>
          <p className="mt-2 text-xs font-semibold text-slate-500">{t("secretLabel")}</p>
          <p
            className="mt-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-base break-all tracking-wider select-all"
            data-testid="totp-secret"
          >
            {d.enrolment.secret}
          </p>
          <p className="mt-5 text-sm leading-relaxed text-slate-700">{t("enrolStep2")}</p>
          <ValidatedForm
            method="post"
            className="mt-3 flex flex-col gap-4"
            state={failed?.intent === "confirm" ? failed : undefined}
          >
            <input type="hidden" name="intent" value="confirm" />
            <FormError message={failed?.intent === "confirm" ? failed.formError : undefined} />
            <CodeField label={t("code")} state={failed?.intent === "confirm" ? failed : undefined} />
            <SubmitButton>{t("confirm")}</SubmitButton>
          </ValidatedForm>
        </section>
      )}

      {d.on && (
        <section
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="off-title"
        >
          <h2 id="off-title" className="text-lg font-bold">
            {t("turnOffTitle")}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("turnOffLead")}</p>
          <ValidatedForm
            method="post"
            className="mt-4 flex flex-col gap-4"
            state={failed?.intent === "off" ? failed : undefined}
          >
            <input type="hidden" name="intent" value="off" />
            <FormError message={failed?.intent === "off" ? failed.formError : undefined} />
            <PasswordField
              name="currentPassword"
              label={t("currentPassword")}
              autoComplete="current-password"
              state={failed?.intent === "off" ? failed : undefined}
            />
            <SubmitButton variant="secondary">{t("turnOff")}</SubmitButton>
          </ValidatedForm>
        </section>
      )}
    </div>
  );
}
