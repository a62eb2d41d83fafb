import { data, Form, redirect } from "react-router";
import { IntlProvider } from "use-intl";
import { expireSandboxVoucher, paySandboxVoucher } from "#core/money/top-ups/sandbox-vouchers.ts";
import { isLocale, type Locale, TIME_ZONE } from "#core/shared/locale.ts";
import { LOCALE_COOKIE } from "#server/cookies.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { formatDate, formatYen, messagesFor, translator } from "../../i18n/index.ts";
import { languageFromData, loadDataLanguage } from "../../i18n/page-messages.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { cookiesOf, core, formFailure, readForm } from "../../lib/request.server.ts";
import type { Route } from "./+types/vouchers";

// The voucher sandbox's how-to-pay page: it stands for the provider's own page (KOMOJU's
// instructions_url), so no language prefix and none of our shell. It speaks the member's language
// (the site's language cookie) unless `?lang=` says otherwise.

function sandbox(context: Route.LoaderArgs["context"]) {
  const ctx = core(context);
  if (ctx.vouchers.kind !== "sandbox" || ctx.vouchers.name !== "voucher-sandbox") {
    throw data("Page Not Found", { status: 404 });
  }
  return ctx;
}

function localeOf(request: Request, asked: unknown): Locale {
  if (isLocale(asked)) return asked;
  const remembered = cookiesOf(request)[LOCALE_COOKIE];
  return isLocale(remembered) ? remembered : "ja";
}

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
  return [{ title: t("vouchers.sandbox.title") }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = sandbox(context);
  const voucher = await ctx.vouchers.getVoucher(params.id);
  if (!voucher) throw data("Page Not Found", { status: 404 });
  const { instructionsUrl: _self, ...codes } = voucher.codes;
  return {
    locale: localeOf(request, new URL(request.url).searchParams.get("lang")),
    voucher: {
      method: voucher.method,
      store: voucher.store,
      amount: voucher.amount,
      status: voucher.status,
      codes,
      expiresAt: voucher.expiresAt.toISOString(),
      paidAt: voucher.paidAt?.toISOString() ?? null,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = sandbox(context);
  const form = await readForm(request);
  const locale = localeOf(request, form.get("lang"));
  try {
    if (form.get("intent") === "expire") await expireSandboxVoucher(ctx, params.id);
    else await paySandboxVoucher(ctx, params.id);
  } catch (error) {
    return formFailure(error, locale, {});
  }
  // Back to the page, as the provider's page would show the new state.
  // Built from the id, not the request's path (a script's request ends in `_.data`).
  return redirect(`/sandbox/vouchers/${encodeURIComponent(params.id)}/?lang=${locale}`);
}

type Codes = Route.ComponentProps["loaderData"]["voucher"]["codes"];
type CodeLabel =
  | "loppiCode"
  | "loppiPhone"
  | "famiportSecond"
  | "famiportFirst"
  | "customerNumber"
  | "institutionNumber"
  | "confirmationNumber";

/** The numbers in the order the payer types them, named as the store's terminal or the ATM asks. */
function codeRows(
  method: "cvs" | "payeasy",
  store: string | null,
  codes: Codes,
): [CodeLabel, string | undefined][] {
  if (method === "payeasy") {
    return [
      ["institutionNumber", codes.institutionNumber],
      ["customerNumber", codes.customerNumber],
      ["confirmationNumber", codes.confirmationNumber],
    ];
  }
  if (store === "10002") {
    return [
      ["famiportFirst", codes.confirmationNumber],
      ["famiportSecond", codes.paymentCode],
    ];
  }
  return [
    ["loppiCode", codes.paymentCode],
    ["loppiPhone", codes.confirmationNumber],
  ];
}

function VoucherPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useTranslations("vouchers.sandbox");
  const stores = useTranslations("codes.convenienceStore");
  const { voucher, locale } = loaderData;
  const other = locale === "en" ? "ja" : "en";
  const stamp = (at: string) => formatDate(at, locale, true);
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-wide text-rose-600">KOMOJU sandbox</p>
          <h1 className="mt-1 text-xl font-bold">{t("title")}</h1>
        </div>
        <a href={`?lang=${other}`} lang={other} className="shrink-0 text-sm text-brand-700 underline">
          {t("language")}
        </a>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      <dl
        className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-white p-5 text-sm ring-1 ring-slate-200"
        data-testid="voucher"
      >
        <dt className="text-slate-600">{t("store")}</dt>
        <dd className="font-semibold">
          {voucher.method === "payeasy"
            ? t("payeasy")
            : t("cvsAt", { store: voucher.store ? stores(voucher.store as "10001") : "-" })}
        </dd>
        <dt className="text-slate-600">{t("amount")}</dt>
        <dd className="font-semibold">{formatYen(voucher.amount, locale)}</dd>
        {codeRows(voucher.method, voucher.store, voucher.codes).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{t(label)}</dt>
            <dd className="font-mono text-base font-semibold tracking-wider">{value ?? "-"}</dd>
          </div>
        ))}
        <dt className="text-slate-600">{t("deadline")}</dt>
        <dd>{stamp(voucher.expiresAt)}</dd>
        <dt className="text-slate-600">{t("status")}</dt>
        <dd data-testid="voucher-status">{t(`statuses.${voucher.status}`)}</dd>
        {voucher.paidAt && (
          <>
            <dt className="text-slate-600">{t("paidAt")}</dt>
            <dd>{stamp(voucher.paidAt)}</dd>
          </>
        )}
      </dl>
      <p className="mt-4 text-sm leading-relaxed text-slate-600">
        {voucher.method === "payeasy" ? t("howToPayeasy") : t("howToCvs")}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <FormError message={actionData?.formError} />
        {voucher.status === "pending" ? (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="lang" value={locale} />
            <SubmitButton name="intent" value="pay">
              {t("pay")}
            </SubmitButton>
            <SubmitButton name="intent" value="expire" variant="secondary">
              {t("expire")}
            </SubmitButton>
          </Form>
        ) : (
          <p className="rounded-xl bg-slate-100 p-4 text-sm">{t("closed")}</p>
        )}
      </div>
    </>
  );
}

export default function SandboxVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  return (
    <IntlProvider locale={locale} messages={messagesFor(locale)} timeZone={TIME_ZONE}>
      <main lang={locale} className="mx-auto min-h-dvh max-w-md bg-slate-50 px-4 py-6">
        <VoucherPage loaderData={loaderData} actionData={actionData} />
      </main>
    </IntlProvider>
  );
}
