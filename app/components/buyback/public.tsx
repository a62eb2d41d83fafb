import { useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

const SECTIONS = [
  { path: "", key: "home" },
  { path: "items/", key: "prices" },
  { path: "results/", key: "results" },
  { path: "spots/", key: "spots" },
  { path: "shop/", key: "shop" },
] as const;

/** The public buyback pages as a strip of links (it scrolls sideways on a phone). */
export function BuybackNav({ lang }: { lang: Locale }) {
  const t = useTranslations("buybackPublic.nav");
  const strip = useRef<HTMLUListElement>(null);
  // On a narrow screen the current page's link may sit past the edge: bring it into view.
  useEffect(() => {
    const current = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (strip.current && current) strip.current.scrollLeft = Math.max(0, current.offsetLeft - 16);
  });
  return (
    <nav aria-label={t("label")}>
      <ul ref={strip} className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1">
        {SECTIONS.map((s) => (
          <li key={s.key} className="shrink-0">
            <NavLink
              to={`/${lang}/buyback/${s.path}`}
              end={s.path === ""}
              className={({ isActive }) =>
                `block rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"}`
              }
            >
              {t(s.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where the page sits under the buyback home: links to each level above, the page itself last. */
export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  const t = useTranslations("buybackPublic");
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-600">
        {items.map((item, i) => (
          <li key={item.label} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">›</span>}
            {item.to ? (
              <Link to={item.to} className="text-brand-700 underline underline-offset-2">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-slate-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A grade letter as a round badge (its name is said beside it). */
export function GradeBadge({ grade }: { grade: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 ring-1 ring-brand-200"
    >
      {grade}
    </span>
  );
}

/** The big "apply" button of the buyback pages. */
export function ApplyButton({ lang, light = false }: { lang: Locale; light?: boolean }) {
  const t = useTranslations("buybackPublic");
  return (
    <Link
      to={`/${lang}/buyback/application/`}
      className={`inline-flex h-12 items-center justify-center rounded-full px-8 font-semibold ${light ? "bg-white text-brand-700 hover:bg-brand-50" : "bg-brand-600 text-white hover:bg-brand-700"}`}
    >
      {t("apply")}
    </Link>
  );
}

/** Models grouped by maker for a select (the quote boxes), each group in name order. */
export function byBrand(models: { id: number; name: string; brandName: string }[]) {
  const brands = [...new Set(models.map((m) => m.brandName))].sort((a, b) => a.localeCompare(b));
  return brands.map((brand) => ({
    label: brand,
    options: models
      .filter((m) => m.brandName === brand)
      .sort((a, b) => a.name.localeCompare(b.name, "ja", { numeric: true }))
      .map((m) => ({ value: String(m.id), label: m.name })),
  }));
}
