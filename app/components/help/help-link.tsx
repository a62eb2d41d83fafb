import { Link } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import { HelpIcon } from "../shell/icons.tsx";

/** The small 「ヘルプ」 link a page carries to the help article that explains it. */
export function HelpLink({ lang, slug, className = "" }: { lang: string; slug: string; className?: string }) {
  const t = useTranslations("help");
  return (
    <Link
      to={`/${lang}/help/${slug}/`}
      className={`inline-flex items-center gap-1 text-sm text-brand-700 underline ${className}`}
      data-testid="help-link"
    >
      <HelpIcon className="size-4" />
      {t("link")}
    </Link>
  );
}
