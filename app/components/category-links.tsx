import { Link } from "react-router";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";

/** The listing categories as a grid of search links (home and the flea-market landing page). */
export function CategoryLinks({ lang }: { lang: Locale }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {CATEGORIES.map((cat) => (
        <li key={cat.code}>
          <Link
            to={`/${lang}/items/search/?category=${cat.code}`}
            className="block rounded-xl bg-white px-4 py-3 text-sm font-semibold shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
          >
            {renderMessage(cat.label, lang)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
