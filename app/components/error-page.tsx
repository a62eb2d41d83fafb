import { Link } from "react-router";
import { useTranslations } from "use-intl";
import type { Locale } from "#core/shared/locale.ts";

export function ErrorPage({ lang, status }: { lang: Locale; status: number }) {
  const t = useTranslations("errors");
  const notFound = status === 404;
  const forbidden = status === 403;
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center py-16 text-center"
      aria-labelledby="error-title"
    >
      <p className="text-5xl font-bold text-slate-500" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 text-xl font-bold">
        {notFound ? t("notFoundTitle") : forbidden ? t("forbiddenTitle") : t("errorTitle")}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">
        {notFound ? t("notFoundBody") : forbidden ? t("forbiddenBody") : t("errorBody")}
      </p>
      <Link
        to={`/${lang}/`}
        className="mt-8 inline-flex h-11 items-center rounded-full bg-brand-600 px-8 font-semibold text-white hover:bg-brand-700"
      >
        {t("backToTop")}
      </Link>
    </section>
  );
}
