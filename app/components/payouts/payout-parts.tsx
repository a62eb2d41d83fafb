import type { ReactNode } from "react";
import { Link } from "react-router";
import { BANK_ACCOUNT_TYPES } from "#core/account/codes.ts";
import type { PayoutDestinationView } from "#core/money/payouts/payout-destination-view.ts";
import type { Locale } from "#core/shared/locale.ts";
import { TIME_ZONE } from "#core/shared/locale.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";

const BANK_DAY = {
  ja: new Intl.DateTimeFormat("ja-JP", {
    timeZone: TIME_ZONE,
    month: "long",
    day: "numeric",
    weekday: "short",
  }),
  en: new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    month: "short",
    day: "numeric",
    weekday: "short",
  }),
};

/** A Tokyo calendar date (`YYYY-MM-DD`) as people say it: 「11月25日(水)」, "Wed, Nov 25". */
export function formatBankDay(ymd: string, lang: Locale): string {
  return BANK_DAY[lang].format(new Date(`${ymd}T12:00:00+09:00`));
}

/** A white card with an optional heading. */
export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={title && id ? id : undefined}
    >
      {title && (
        <h2 id={id} className="mb-3 font-bold">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/** Amount received, fee, and what leaves the proceeds: the sums every step shows the same way. */
export function AmountRows({ amount, fee, lang }: { amount: number; fee: number; lang: Locale }) {
  const t = useTranslations("payoutPages");
  return (
    <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2">
      <dt className="text-sm">{t("amount")}</dt>
      <dd className="text-right text-2xl font-bold" data-testid="amount">
        {formatYen(amount, lang)}
      </dd>
      <dt className="text-sm">{t("fee")}</dt>
      <dd className="text-right" data-testid="fee">
        {fee === 0 ? t("feeFree", { fee: formatYen(0, lang) }) : formatYen(fee, lang)}
      </dd>
      <dt className="border-t border-slate-200 pt-2 text-sm font-bold">{t("total")}</dt>
      <dd className="border-t border-slate-200 pt-2 text-right text-lg font-bold" data-testid="total">
        {formatYen(amount + fee, lang)}
      </dd>
    </dl>
  );
}

/** A bank account or Kyash account, as the member recognises it. */
export function DestinationDetails({
  destination,
  lang,
}: {
  destination: PayoutDestinationView;
  lang: Locale;
}) {
  const t = useTranslations("payoutPages");
  if (destination.kind === "kyash") {
    return (
      <dl className="text-sm">
        <dt className="text-slate-600">{t("kyashAccount")}</dt>
        <dd className="mt-0.5 font-mono text-base font-semibold" data-testid="destination">
          {destination.accountIdMasked}
        </dd>
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="destination">
      <dt className="sr-only">{t("destination")}</dt>
      <dd className="col-span-2 font-semibold">
        {destination.bankName} {t("branch", { name: destination.branchName, code: destination.branchCode })}
      </dd>
      <dt className="text-slate-600">{t("bankType")}</dt>
      <dd>{label(BANK_ACCOUNT_TYPES, destination.accountType, lang)}</dd>
      <dt className="text-slate-600">{t("bankAccountNumber")}</dt>
      <dd className="font-mono">{destination.accountNumberMasked}</dd>
      <dt className="text-slate-600">{t("bankHolder")}</dt>
      <dd>{destination.holderName}</dd>
    </dl>
  );
}

/** A link styled as a secondary button, 48 px tall. */
export function ButtonLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex h-12 w-full items-center justify-center rounded-full border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 hover:bg-slate-50"
    >
      {children}
    </Link>
  );
}
