import { Link, useLocation } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

/**
 * Previous / next links for a back-office list paged on the server: `?page=N`, keeping the
 * filters in the address. Nothing when everything fits on one page.
 */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useTranslations("deskPager");
  const { search } = useLocation();
  if (pages <= 1) return null;
  const link = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };
  const where = t("pageOf", { page, pages });
  return (
    <nav aria-label={where} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev" className="font-semibold text-brand-700 underline">
          {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{where}</span>
      {page < pages ? (
        <Link to={link(page + 1)} rel="next" className="font-semibold text-brand-700 underline">
          {t("next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
