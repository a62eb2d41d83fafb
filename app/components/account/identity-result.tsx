import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { useReasonText } from "./identification-status.tsx";

/** What came of an identity check, as the provider reports it. */
export function IdentityResult({
  lang,
  status,
  reason,
}: {
  lang: Locale;
  status: "pending" | "verified" | "rejected" | "expired";
  reason: string | null;
}) {
  const t = useTranslations("identification.result");
  const reasonText = useReasonText();
  return (
    <section className="mx-auto w-full max-w-md text-center" aria-labelledby="page-title">
      <div
        aria-hidden="true"
        className={`mx-auto flex size-16 items-center justify-center rounded-full text-3xl ${
          status === "verified" ? "bg-emerald-100 text-emerald-700" : "bg-slate-100 text-slate-600"
        }`}
      >
        {status === "verified" ? "✓" : status === "pending" ? "…" : "!"}
      </div>
      <h1 id="page-title" className="mt-4 text-2xl font-bold">
        {t(`${status}Title`)}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">{t(`${status}Body`)}</p>
      {(status === "rejected" || status === "expired") && (
        <p className="mt-2 text-sm font-medium text-danger-600">{reasonText(reason)}</p>
      )}
      <Link
        to={`/${lang}/settings/identification/`}
        className="mt-8 flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
      >
        {t("back")}
      </Link>
    </section>
  );
}
