import { companyFactsIn, establishedLabel } from "#core/shared/company.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** The company overview (§2 about page): every fact from the one company configuration. */
export function CompanyTable({ lang, withContact = false }: { lang: Locale; withContact?: boolean }) {
  const t = useTranslations("about");
  const c = useTranslations("company");
  const f = companyFactsIn(lang);
  const rows: [string, string][] = [
    [t("companyName"), f.name],
    [t("established"), establishedLabel(lang)],
    [t("business"), f.business],
    [t("representative"), f.representative],
    [t("address"), lang === "ja" ? `〒${f.postalCode} ${f.address}` : f.address],
    [t("dealerLicence"), f.dealerLicence],
    [t("legalAdviser"), f.legalAdviser],
    ...(withContact
      ? ([
          [c("phone"), f.phone],
          [c("email"), f.email],
        ] as [string, string][])
      : []),
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt className="font-semibold text-slate-600">{term}</dt>
          <dd className="leading-relaxed text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
