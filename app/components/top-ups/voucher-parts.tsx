import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { acceptedPath } from "../../routes/balance/order-points-paths.ts";
import { SubmitButton } from "../form.tsx";

export type StoreCode = "10001" | "10002" | "10005" | "10008";
const STORES: readonly string[] = ["10001", "10002", "10005", "10008"];
export const isStoreCode = (code: string | null): code is StoreCode => STORES.includes(code ?? "");

/** What a voucher top-up looks like on the pages (dates as the loader sent them). */
export type VoucherSummary = {
  id: number;
  method: "cvs" | "payeasy";
  store: string | null;
  amount: number;
  deadline: Date | string | null;
};

/** The page's heading, its step in the three and its lead. */
export function TopUpHeading({ title, step, lead }: { title: string; step?: 1 | 2 | 3; lead?: ReactNode }) {
  const t = useTranslations("topUpPages");
  return (
    <header>
      {step && (
        <p className="text-xs font-semibold tracking-wide text-brand-700">{t("progress", { step })}</p>
      )}
      <h1 id="page-title" className="mt-1 text-2xl font-bold">
        {title}
      </h1>
      {lead && <p className="mt-2 text-sm leading-relaxed text-slate-600">{lead}</p>}
    </header>
  );
}

/** Where a voucher is paid: the store's name, or Pay-easy. */
export function usePlaceName() {
  const t = useTranslations("topUpPages");
  const stores = useTranslations("codes.convenienceStore");
  return (v: Pick<VoucherSummary, "method" | "store">) =>
    v.method === "payeasy" ? t("methods.payeasy") : isStoreCode(v.store) ? stores(v.store) : t("methods.cvs");
}

export const cardClass = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * The voucher that already waits for payment: what, where and by when, a link to its numbers and
 * a button that withdraws it (posted to the page it is shown on).
 */
export function PendingVoucherCard({ pending, lang }: { pending: VoucherSummary; lang: Locale }) {
  const t = useTranslations("topUpPages");
  const place = usePlaceName();
  return (
    <section aria-labelledby="pending-title" className={cardClass} data-testid="pending-voucher">
      <h2 id="pending-title" className="font-bold">
        {t("pending.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("pending.body")}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t("summary.store")}</dt>
        <dd className="text-right font-semibold">{place(pending)}</dd>
        <dt className="text-slate-600">{t("summary.amount")}</dt>
        <dd className="text-right text-lg font-bold">{formatYen(pending.amount, lang)}</dd>
        {pending.deadline && (
          <>
            <dt className="text-slate-600">{t("summary.deadline")}</dt>
            <dd className="text-right">
              {t("summary.deadlineAt", { date: formatDate(pending.deadline, lang, true) })}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-col gap-3">
        <Link
          to={acceptedPath(lang, pending.method, pending.id)}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t("pending.view")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={pending.id} />
          <SubmitButton variant="secondary">{t("pending.cancel")}</SubmitButton>
        </Form>
      </div>
    </section>
  );
}

/** The member has no name, kana and phone for the provider yet: where to add them. */
export function NeedsAddress({ lang }: { lang: Locale }) {
  const t = useTranslations("topUpPages");
  return (
    <div
      role="alert"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm"
      data-testid="needs-address"
    >
      <p>{t("needsAddress.body")}</p>
      <Link
        to={`/${lang}/settings/address/`}
        className="mt-3 flex h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-4 font-semibold text-brand-700"
      >
        {t("needsAddress.link")}
      </Link>
    </div>
  );
}
