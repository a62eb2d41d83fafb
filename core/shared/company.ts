import { isMessage, type Message, msg, renderMessage } from "./i18n/translate.ts";
import type { Locale } from "./locale.ts";

/**
 * The operating company's facts, in one place: the about and company pages, the notation under the
 * Specified Commercial Transactions Act, the privacy policy, the terms and the structured data all
 * read them from here. Change a fact here (its words: the catalogue, `companyFacts.*`) and every page
 * follows.
 */
export const COMPANY = {
  name: msg("companyFacts.name"),
  serviceName: msg("companyFacts.serviceName"),
  /** Year and month of incorporation (ISO 8601). */
  established: "2018-01",
  representative: msg("companyFacts.representative"),
  /** The person responsible under the Specified Commercial Transactions Act. */
  responsiblePerson: msg("companyFacts.responsiblePerson"),
  postalCode: "101-0041",
  address: msg("companyFacts.address"),
  phone: "03-6455-0123",
  email: "support@tsugu.example",
  privacyEmail: "privacy@tsugu.example",
  supportHours: msg("companyFacts.supportHours"),
  business: msg("companyFacts.business"),
  /** The secondhand dealer licence: the number alone (beside its label), and as a line of its own. */
  dealerLicence: msg("companyFacts.dealerLicence"),
  dealerLicenceLine: msg("companyFacts.dealerLicenceLine"),
  legalAdviser: msg("companyFacts.legalAdviser"),
  /** Where a privacy complaint may also be taken. */
  privacyAuthority: msg("companyFacts.privacyAuthority"),
  /** The dates the current texts of the legal pages took effect (ISO 8601). */
  legalRevisions: { terms: "2026-04-01", privacy: "2026-04-01", laws: "2026-04-01" },
} as const satisfies Record<string, Message | string | Record<string, string>>;

/** The company's facts with every worded fact written out in one language. */
export type CompanyFacts = {
  readonly [K in keyof typeof COMPANY]: (typeof COMPANY)[K] extends Message ? string : (typeof COMPANY)[K];
};

/** Every fact of `COMPANY` in one language, for pages and documents that show many of them. */
export function companyFactsIn(locale: Locale): CompanyFacts {
  return Object.fromEntries(
    Object.entries(COMPANY).map(([fact, value]) => [
      fact,
      isMessage(value) ? renderMessage(value, locale) : value,
    ]),
  ) as CompanyFacts;
}

/** "2018年1月" / "January 2018". */
export function establishedLabel(locale: Locale): string {
  const [year, month] = COMPANY.established.split("-").map(Number) as [number, number];
  return locale === "ja"
    ? `${year}年${month}月`
    : new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" }).format(
        Date.UTC(year, month - 1, 1),
      );
}
