import { Link } from "react-router";
import { SHIPPING_LEAD_TIMES } from "#core/catalog/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";

/**
 * What the buyer sees once the money is in: the purchase is complete, and what happens next (the
 * seller ships within the promised days, we tell them when it is on its way, they rate on receipt).
 * The same words went to them by mail.
 */
export function PurchaseComplete({
  leadTime,
  shipBy,
  atSpot = false,
  lang,
}: {
  leadTime: string | null;
  shipBy: Date | string | null;
  /** Collected at a pickup spot rather than delivered. */
  atSpot?: boolean;
  lang: Locale;
}) {
  const t = useTranslations("buying.purchaseComplete");
  return (
    <section
      aria-labelledby="purchase-complete-title"
      className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-200"
      data-testid="purchase-complete"
    >
      <h2 id="purchase-complete-title" className="text-lg font-bold text-brand-800">
        <span aria-hidden="true">✓ </span>
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("lead")}</p>
      <ol className="mt-3 flex list-decimal flex-col gap-1.5 pl-5 text-sm leading-relaxed text-slate-800">
        {leadTime && shipBy && (
          <li data-testid="ship-by">
            {t("ship", {
              leadTime: label(SHIPPING_LEAD_TIMES, leadTime, lang),
              shipBy: formatDate(shipBy, lang),
            })}
          </li>
        )}
        <li>{t("notify")}</li>
        <li>{atSpot ? t("receiveAtSpot") : t("receive")}</li>
      </ol>
      <p className="mt-3 text-sm text-slate-700">{t("mail")}</p>
      <p className="mt-1 text-sm text-slate-700">
        <a href="#messages-title" className="text-brand-700 underline underline-offset-2">
          {t("contact")}
        </a>
      </p>
      <Link
        to={`/${lang}/mypage/purchased-items/`}
        className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("purchasedList")}
      </Link>
    </section>
  );
}
