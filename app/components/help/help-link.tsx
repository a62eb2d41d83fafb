import { Link } from "react-router";
import type { jaHelp } from "#core/shared/i18n/messages/ja/help.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { HelpIcon } from "../shell/icons.tsx";

/** The help articles a page may link to by name (each with its words in `help.links`). */
export type HelpLinkSlug = keyof typeof jaHelp.help.links;

/**
 * The small link a page carries to the help article that explains it, named for that article (a
 * page with two says which is which); read aloud as 「ヘルプ: …」.
 */
export function HelpLink({
  lang,
  slug,
  className = "",
}: {
  lang: string;
  slug: HelpLinkSlug;
  className?: string;
}) {
  const t = useTranslations("help");
  return (
    <Link
      to={`/${lang}/help/${slug}/`}
      className={`inline-flex items-center gap-1 text-sm text-brand-700 underline ${className}`}
      data-testid="help-link"
    >
      <HelpIcon className="size-4" />
      <span className="sr-only">{t("link")}: </span>
      {t(`links.${slug}`)}
    </Link>
  );
}
