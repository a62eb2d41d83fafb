import { useTranslations } from "use-intl";
import { COMPANY, establishedLabel } from "#core/shared/company.ts";
import type { Locale } from "#core/shared/locale.ts";

/** The company overview (§2 about page): every fact from the one company configuration. */
export function CompanyTable({ lang, withContact = false }: { lang: Locale; withContact?: boolean }) {
  const t = useTranslations("about");
  const c = useTranslations("company");
  const rows: [string, string][] = [
    [t("companyName"), COMPANY.name[lang]],
    [t("established"), establishedLabel(lang)],
    [t("business"), COMPANY.business[lang]],
    [t("representative"), COMPANY.representative[lang]],
    [t("address"), lang === "ja" ? `〒${COMPANY.postalCode} ${COMPANY.address.ja}` : COMPANY.address.en],
    [t("dealerLicence"), COMPANY.dealerLicence[lang]],
    [t("legalAdviser"), COMPANY.legalAdviser[lang]],
    ...(withContact
      ? ([
          [c("phone"), COMPANY.phone],
          [c("email"), COMPANY.email],
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
