import { data, Form } from "react-router";
import { IntlProvider } from "use-intl";
import { receiveAtmCode } from "#core/money/payouts/dispatch-payout.ts";
import { expireSandboxAtmCode, redeemSandboxAtmCode } from "#core/money/payouts/sandbox-atm.ts";
import type { Locale } from "#core/shared/locale.ts";
import { TIME_ZONE } from "#core/shared/locale.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { formatYen, messagesFor, translator } from "../../i18n/index.ts";
import { languageFromData, loadDataLanguage } from "../../i18n/page-messages.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, formFailure, formValues, readForm } from "../../lib/request.server.ts";
import type { Route } from "./+types/atm";

// The Seven Bank ATM as the payout sandbox serves it: it stands for a machine in a shop, so no
// language prefix and none of our shell. Japanese unless `?lang=en`, like the ATM's language key.

function sandbox(context: Route.LoaderArgs["context"]) {
  const ctx = core(context);
  if (ctx.atm.kind !== "sandbox") throw data("Page Not Found", { status: 404 });
  return ctx;
}

const localeOf = (lang: unknown): Locale => (lang === "en" ? "en" : "ja");

/** Its language is the one of the page it came from, which its data carries (decision 031). */
export const handle = languageFromData<{ locale: Locale }>((data) => data.locale);

/** Reached in the browser, it loads that language's messages before it renders. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  loadDataLanguage(handle, serverLoader);

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translator(loaderData?.locale ?? "ja");
  return [{ title: t("sandboxAtm.title") }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  sandbox(context);
  return { locale: localeOf(new URL(request.url).searchParams.get("lang")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = sandbox(context);
  const form = await readForm(request);
  const locale = localeOf(form.get("lang"));
  const values = formValues(form, ["receipt", "confirmation"] as const);
  const numbers = { code: values.receipt, confirmation: values.confirmation };
  try {
    if (form.get("intent") === "expire") {
      const expired = await expireSandboxAtmCode(ctx, numbers);
      // Like the provider's notice: the payout learns of it at once and the money goes back.
      await receiveAtmCode(ctx, expired);
      return { expired: { amount: expired.amount, code: expired.code } };
    }
    const paid = await redeemSandboxAtmCode(ctx, numbers);
    await receiveAtmCode(ctx, paid);
    return { dispensed: { amount: paid.amount, code: paid.code } };
  } catch (error) {
    return formFailure(error, locale, values);
  }
}

function Atm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useTranslations("sandboxAtm");
  const { locale } = loaderData;
  const failed = actionData && "values" in actionData ? actionData : undefined;
  const dispensed = actionData && "dispensed" in actionData ? actionData.dispensed : undefined;
  const expired = actionData && "expired" in actionData ? actionData.expired : undefined;
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-wide text-orange-600">Seven Bank ATM</p>
          <h1 className="mt-1 text-xl font-bold">{t("title")}</h1>
        </div>
        <a
          href={locale === "en" ? "/sandbox/atm/" : "/sandbox/atm/?lang=en"}
          lang={locale === "en" ? "ja" : "en"}
          className="shrink-0 text-sm text-brand-700 underline"
        >
          {t("language")}
        </a>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      {dispensed && (
        <output
          className="mt-6 block rounded-xl bg-emerald-50 p-5 ring-1 ring-emerald-200"
          data-testid="atm-dispensed"
        >
          <p className="text-lg font-bold">
            {t("dispensed", { amount: formatYen(dispensed.amount, locale) })}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t("dispensedNote")}</p>
        </output>
      )}
      {expired && (
        <output
          className="mt-6 block rounded-xl bg-amber-50 p-5 ring-1 ring-amber-200"
          data-testid="atm-expired"
        >
          <p className="text-lg font-bold">{t("expired", { amount: formatYen(expired.amount, locale) })}</p>
          <p className="mt-1 text-sm text-slate-600">{t("expiredNote")}</p>
        </output>
      )}
      <Form
        key={dispensed?.code ?? expired?.code ?? "atm"}
        method="post"
        className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200"
        noValidate
      >
        <input type="hidden" name="lang" value={locale} />
        <FormError message={failed?.formError} />
        <TextField
          name="receipt"
          label={t("receipt")}
          hint={t("receiptHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          defaultValue={failed?.values?.receipt ?? ""}
          error={failed?.errors?.receipt}
        />
        <TextField
          name="confirmation"
          label={t("confirmation")}
          hint={t("confirmationHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          defaultValue={failed?.values?.confirmation ?? ""}
          error={failed?.errors?.confirmation}
        />
        <SubmitButton name="intent" value="redeem">
          {t("submit")}
        </SubmitButton>
        <SubmitButton name="intent" value="expire" variant="secondary">
          {t("expire")}
        </SubmitButton>
      </Form>
    </>
  );
}

export default function SandboxAtm({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  return (
    <IntlProvider locale={locale} messages={messagesFor(locale)} timeZone={TIME_ZONE}>
      <main lang={locale} className="mx-auto min-h-dvh max-w-md bg-slate-50 px-4 py-6">
        <Atm loaderData={loaderData} actionData={actionData} />
      </main>
    </IntlProvider>
  );
}
