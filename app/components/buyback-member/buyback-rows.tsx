import { Link } from "react-router";
import { BUYBACK_SELLER_STATES } from "#core/buyback/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { useStorageLabel } from "./device-fieldset.tsx";

export type BuybackRowView = {
  id: number;
  modelName: string;
  storageGb: number | null;
  state: string;
  estimateAmount: number | null;
  offerAmount: number | null;
  offerExpiresAt: Date | string | null;
  createdAt: Date | string;
};

/** The member's devices, each leading to its page: model, state, the money and any deadline. */
export function BuybackRows({
  rows,
  lang,
  label: listLabel,
  testId,
}: {
  rows: BuybackRowView[];
  lang: Locale;
  label: string;
  testId: string;
}) {
  const t = useTranslations("buybackMember");
  const storage = useStorageLabel();
  return (
    <ul
      aria-label={listLabel}
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid={testId}
    >
      {rows.map((r) => {
        const money =
          r.offerAmount !== null && (r.state === "40" || r.state === "50")
            ? t("home.offered", { amount: formatYen(r.offerAmount, lang) })
            : r.estimateAmount !== null
              ? t("home.estimated", { amount: formatYen(r.estimateAmount, lang) })
              : t("home.noPrice");
        return (
          <li key={r.id}>
            <Link
              to={`/${lang}/buyback/transactions/${r.id}/`}
              className="flex min-h-16 items-center justify-between gap-3 p-4 text-sm hover:bg-slate-50"
              data-testid="buyback-row"
              data-id={r.id}
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold">
                  {r.modelName}
                  {r.storageGb ? ` ${storage(r.storageGb)}` : ""}
                </span>
                <span className="text-xs text-slate-600">
                  {t("detail.number", { id: r.id })} ·{" "}
                  {t("list.applied", { date: formatDate(r.createdAt, lang) })}
                </span>
                {r.state === "40" && r.offerExpiresAt && (
                  <span className="block text-xs font-semibold text-amber-800">
                    {t("home.deadline", { date: formatDate(r.offerExpiresAt, lang, true) })}
                  </span>
                )}
              </span>
              <span className="shrink-0 text-right">
                <span className="block">{money}</span>
                <span className="text-xs text-slate-600" data-testid="buyback-state">
                  {label(BUYBACK_SELLER_STATES, r.state, lang)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
