import { Link } from "react-router";
import type { ItemCard } from "#core/catalog/item-card.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../i18n/index.ts";
import { useTranslations } from "../i18n/use-translations.ts";

/**
 * One listing as a tile: photo, price, sold-out band, and 「動作チェック済み」 while its self-check
 * report is in date. `eager` for the tiles of the first row, whose photo is what a phone paints
 * first: it loads at once and first, not when scrolled near.
 */
export function ItemTile({ item, lang, eager = false }: { item: ItemCard; lang: Locale; eager?: boolean }) {
  const t = useTranslations("catalog");
  const sold = item.state === "SOLD";
  return (
    <Link to={`/${lang}/items/${item.id}/`} className="tile" data-testid="item-tile">
      <div className="tile-photo">
        {item.thumbUrl ? (
          <img
            src={item.thumbUrl}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-xs text-slate-400">
            {t("noPhoto")}
          </div>
        )}
        {sold && (
          <span className="absolute top-0 left-0 rounded-br-lg bg-danger-600 px-2 py-1 text-xs font-bold text-white">
            SOLD
          </span>
        )}
        {item.price !== null && <span className="tile-price">{formatYen(item.price, lang)}</span>}
      </div>
      {/* The padding outside the clamped box: inside it, the top of a third line would show. */}
      <div className="px-2 py-1.5">
        <p className="tile-title">{item.title}</p>
        {item.checked && (
          <p className="tile-chip" data-testid="self-checked">
            <span aria-hidden="true">✓</span>
            {t("selfChecked")}
          </p>
        )}
      </div>
    </Link>
  );
}

export function ItemGrid({ items, lang, label }: { items: ItemCard[]; lang: Locale; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
      {items.map((item) => (
        <li key={item.id}>
          <ItemTile item={item} lang={lang} />
        </li>
      ))}
    </ul>
  );
}
