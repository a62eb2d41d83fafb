import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../../i18n/index.ts";

/** The top of a transaction page: what is being traded, with its photo and price, leading to the listing. */
export function TradeHeader({
  view,
  lang,
}: {
  view: { itemId: number; title: string; price: number; photoUrl: string | null };
  lang: Locale;
}) {
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {view.photoUrl ? (
        <img
          src={view.photoUrl}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover"
          data-testid="trade-photo"
        />
      ) : (
        <div aria-hidden="true" className="size-20 shrink-0 rounded-xl bg-slate-100" />
      )}
      <div className="min-w-0">
        <Link
          to={`/${lang}/items/${view.itemId}/`}
          className="line-clamp-2 font-semibold break-words text-slate-900 hover:underline"
          data-testid="trade-title"
        >
          {view.title}
        </Link>
        <p className="mt-1 text-lg font-bold" data-testid="trade-price">
          {formatYen(view.price, lang)}
        </p>
      </div>
    </div>
  );
}
