import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { TRANSACTION_STATES } from "#core/trading/codes.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { label } from "../../lib/labels.ts";

type Row = {
  id: number;
  itemId: number;
  title: string;
  state: string;
  price: number;
  createdAt: Date | string;
};

/** Purchases or sales, each leading to that side of its transaction page. */
export function TransactionList({
  rows,
  side,
  lang,
  label: listLabel,
}: {
  rows: Row[];
  side: "buyer" | "seller";
  lang: Locale;
  label: string;
}) {
  return (
    <ul
      aria-label={listLabel}
      className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      {rows.map((p) => (
        <li key={p.id}>
          <Link
            to={`/${lang}/items/${p.itemId}/transactions/${side}/`}
            className="flex items-center justify-between gap-3 p-4 text-sm"
          >
            <span className="min-w-0">
              <span className="block truncate font-semibold">{p.title}</span>
              <span className="text-xs text-slate-500">{formatDate(p.createdAt, lang)}</span>
            </span>
            <span className="text-right">
              <span className="block">{formatYen(p.price, lang)}</span>
              <span className="text-xs text-slate-600">{label(TRANSACTION_STATES, p.state, lang)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
