import { Link } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

/** Where the help centre sends whoever the articles did not help: the contact form. */
export function ContactBox({ lang }: { lang: string }) {
  const t = useTranslations("help");
  return (
    <section aria-labelledby="help-contact" className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
      <h2 id="help-contact" className="font-bold">
        {t("contactTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("contactBody")}</p>
      <Link
        to={`/${lang}/help/contact/`}
        className="mt-3 inline-flex h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        {t("contactLink")}
      </Link>
    </section>
  );
}
