import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../i18n/use-translations.ts";
import { reloadPage } from "../lib/new-builds.ts";

const BUTTON =
  "mt-8 inline-flex h-11 items-center rounded-full bg-brand-600 px-8 font-semibold text-white hover:bg-brand-700";

/** `updated`: the page's code could not be loaded because a new version replaced it (decision 029). */
export function ErrorPage({
  lang,
  status,
  updated = false,
}: {
  lang: Locale;
  status: number;
  updated?: boolean;
}) {
  const t = useTranslations("errors");
  const notFound = status === 404;
  const forbidden = status === 403;
  // A 400 from a page: a form sent with a body that is no form (readForm).
  const badRequest = status === 400;
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center py-16 text-center"
      aria-labelledby="error-title"
    >
      {!updated && (
        <p className="text-5xl font-bold text-slate-500" aria-hidden="true">
          {status}
        </p>
      )}
      <h1 id="error-title" className="mt-4 text-xl font-bold">
        {updated
          ? t("updatedTitle")
          : notFound
            ? t("notFoundTitle")
            : forbidden
              ? t("forbiddenTitle")
              : badRequest
                ? t("badRequestTitle")
                : t("errorTitle")}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">
        {updated
          ? t("updatedBody")
          : notFound
            ? t("notFoundBody")
            : forbidden
              ? t("forbiddenBody")
              : badRequest
                ? t("badFormBody")
                : t("errorBody")}
      </p>
      {updated ? (
        <button type="button" className={BUTTON} onClick={reloadPage}>
          {t("reload")}
        </button>
      ) : (
        <Link to={`/${lang}/`} className={BUTTON}>
          {t("backToTop")}
        </Link>
      )}
    </section>
  );
}
