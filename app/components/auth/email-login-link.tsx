import { Link, useLocation } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

/** The login page's way to the sign-in by mailed link, keeping where the member was going. */
export function EmailLoginLink({ lang }: { lang: string }) {
  const t = useTranslations("emailLogin");
  const { search } = useLocation();
  return (
    <Link to={`/${lang}/login/email/${search}`} className="text-brand-700 underline">
      {t("link")}
    </Link>
  );
}
