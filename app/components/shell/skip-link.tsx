import { useTranslations } from "../../i18n/use-translations.ts";

/** The first stop of the keyboard on every page: straight to the page's own content. */
export function SkipLink() {
  const t = useTranslations("shell");
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("skipToContent")}
    </a>
  );
}
