import { Link, useLocation } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

/** The login page's way to the sign-in by texted code, keeping where the member was going. */
export function PhoneLoginLink({ lang }: { lang: string }) {
  const t = useTranslations("phoneLogin");
  const { search } = useLocation();
  return (
    <Link to={`/${lang}/login/phone/${search}`} className="text-brand-700 underline">
      {t("link")}
    </Link>
  );
}
