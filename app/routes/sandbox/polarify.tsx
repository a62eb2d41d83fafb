import { data, Form, redirect } from "react-router";
import { IntlProvider } from "use-intl";
import { IDENTITY_REJECTION_REASONS } from "#core/account/identity-provider.ts";
import { decidePolarifyCheck, getPolarifyHostedCheck } from "#core/account/polarify-sandbox.ts";
import { type Locale, TIME_ZONE } from "#core/shared/locale.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { formatDate, messagesFor, translator } from "../../i18n/index.ts";
import { languageFromData, loadDataLanguage } from "../../i18n/page-messages.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, formFailure, formValues, readForm } from "../../lib/request.server.ts";
import type { Route } from "./+types/polarify";

// The hosted page of the Polarify sandbox: it stands for the provider's own site, so it is not
// under a language prefix, has none of our shell, and speaks the language the check was started in.

function sandbox(context: Route.LoaderArgs["context"]) {
  const ctx = core(context);
  if (ctx.identity.kind !== "sandbox" || ctx.identity.name !== "polarify") {
    throw data("Page Not Found", { status: 404 });
  }
  return ctx;
}

/** Its language is the one of the page it came from, which its data carries (decision 031). */
export const handle = languageFromData<{ check: { locale: Locale } }>((data) => data.check.locale);

/** Reached in the browser, it loads that language's messages before it renders. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  loadDataLanguage(handle, serverLoader);

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translator(loaderData?.check.locale ?? "ja");
  return [{ title: t("polarify.title") }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const check = await getPolarifyHostedCheck(sandbox(context), params.reference);
  if (!check) throw data("Page Not Found", { status: 404 });
  return { check: { ...check, expiresAt: check.expiresAt?.toISOString() ?? null } };
}

const FACTS = ["name", "address", "birthDate", "occupation"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = sandbox(context);
  const form = await readForm(request);
  const values = formValues(form, [...FACTS, "reason"] as const);
  const check = await getPolarifyHostedCheck(ctx, params.reference);
  if (!check) throw data("Page Not Found", { status: 404 });
  try {
    const { redirectUrl } =
      form.get("intent") === "approve"
        ? await decidePolarifyCheck(ctx, { reference: params.reference, decision: "approve", facts: values })
        : await decidePolarifyCheck(ctx, {
            reference: params.reference,
            decision: "reject",
            reason: values.reason,
          });
    return redirect(redirectUrl);
  } catch (error) {
    return formFailure(error, check.locale, values);
  }
}

function HostedCheck({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useTranslations("polarify");
  const identification = useTranslations("identification");
  const { check } = loaderData;
  const value = (name: (typeof FACTS)[number], fallback: string) => actionData?.values?.[name] ?? fallback;
  if (check.status !== "pending") {
    return (
      <div className="mt-6 rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-bold">
          {check.status === "expired" ? t("expiredTitle") : t("decidedTitle")}
        </h2>
        <a href={check.backUrl} className="mt-4 inline-block text-brand-700 underline">
          {t("back")}
        </a>
      </div>
    );
  }
  return (
    <>
      {check.expiresAt && (
        <p className="mt-2 text-sm text-slate-600">
          {t("expiresAt", { time: formatDate(check.expiresAt, check.locale, true) })}
        </p>
      )}
      <h2 className="mt-6 text-base font-bold">{t("submitted")}</h2>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {check.documents.map((d) => {
          const label = d.kind === "id_front" ? identification("idFront") : identification("selfie");
          return (
            <figure key={d.kind} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
              {d.src ? (
                <img src={d.src} alt={label} className="aspect-[4/3] w-full rounded object-contain" />
              ) : (
                <p className="p-4 text-sm text-slate-500">{t("noImage")}</p>
              )}
              <figcaption className="mt-1 text-xs text-slate-600">{label}</figcaption>
            </figure>
          );
        })}
      </div>
      <Form
        method="post"
        className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200"
        noValidate
      >
        <h2 className="text-base font-bold">{t("facts")}</h2>
        <FormError message={actionData?.formError} />
        <TextField
          name="name"
          label={t("name")}
          defaultValue={value("name", check.applicant.name ?? "")}
          error={actionData?.errors?.name}
        />
        <TextField
          name="address"
          label={t("address")}
          defaultValue={value("address", check.applicant.address ?? "")}
          error={actionData?.errors?.address}
        />
        <TextField
          name="birthDate"
          type="date"
          label={t("birthDate")}
          defaultValue={value("birthDate", "1990-04-01")}
          error={actionData?.errors?.birthDate}
        />
        <TextField
          name="occupation"
          label={t("occupation")}
          defaultValue={value("occupation", t("occupationDefault"))}
          error={actionData?.errors?.occupation}
        />
        <SubmitButton name="intent" value="approve">
          {t("approve")}
        </SubmitButton>
        <hr className="my-2 border-slate-200" />
        <SelectField
          name="reason"
          label={t("reason")}
          optional
          defaultValue="document_unreadable"
          options={IDENTITY_REJECTION_REASONS.map((r) => ({
            value: r,
            label: identification(`reasons.${r}`),
          }))}
          error={actionData?.errors?.reason}
        />
        <SubmitButton name="intent" value="reject" variant="secondary">
          {t("reject")}
        </SubmitButton>
      </Form>
    </>
  );
}

export default function PolarifyHostedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData.check;
  return (
    <IntlProvider locale={locale} messages={messagesFor(locale)} timeZone={TIME_ZONE}>
      <main lang={locale} className="mx-auto min-h-dvh max-w-xl bg-slate-50 px-4 py-6">
        <p className="text-sm font-bold tracking-wide text-violet-700">Polarify</p>
        <HostedPageTitle />
        <HostedCheck loaderData={loaderData} actionData={actionData} />
      </main>
    </IntlProvider>
  );
}

function HostedPageTitle() {
  const t = useTranslations("polarify");
  return (
    <>
      <h1 className="mt-1 text-xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("lead")}</p>
    </>
  );
}
