import type { Localized } from "./locale.ts";

/**
 * The operating company's facts, in one place: the about and company pages, the notation under the
 * Specified Commercial Transactions Act, the privacy policy, the terms and the structured data all
 * read them from here. Change a fact here and every page follows.
 */
export const COMPANY = {
  name: { ja: "株式会社Tsugu", en: "Tsugu Inc." },
  serviceName: { ja: "Tsugu（ツグ）", en: "Tsugu" },
  /** Year and month of incorporation (ISO 8601). */
  established: "2018-01",
  representative: { ja: "代表取締役 森川 継人", en: "Tsuguto Morikawa, Representative Director" },
  /** The person responsible under the Specified Commercial Transactions Act. */
  responsiblePerson: { ja: "森川 継人", en: "Tsuguto Morikawa" },
  postalCode: "101-0041",
  address: {
    ja: "東京都千代田区神田須田町二丁目3番1号 ツグ神田ビル4階",
    en: "4F Tsugu Kanda Bldg., 2-3-1 Kanda-Sudacho, Chiyoda-ku, Tokyo 101-0041, Japan",
  },
  phone: "03-6455-0123",
  email: "support@tsugu.example",
  privacyEmail: "privacy@tsugu.example",
  supportHours: {
    ja: "平日 10:00〜18:00（土日祝日・年末年始を除く）",
    en: "Weekdays 10:00–18:00 JST (closed on weekends, Japanese public holidays and over New Year)",
  },
  business: {
    ja: "ジャンク・中古・修理済みスマートフォン等のフリマサービス「Tsugu」の運営、中古端末の買取・販売・修理・再生",
    en: "Operating the Tsugu marketplace for junk, used and repaired smartphones and other devices; buying, selling, repairing and refurbishing used devices",
  },
  dealerLicence: {
    ja: "古物商許可番号 東京都公安委員会 第303311805421号",
    en: "Secondhand dealer licence No. 303311805421, Tokyo Metropolitan Public Safety Commission",
  },
  legalAdviser: { ja: "桜坂総合法律事務所", en: "Sakurazaka Law Office" },
  /** Where a privacy complaint may also be taken. */
  privacyAuthority: {
    ja: "個人情報保護委員会",
    en: "the Personal Information Protection Commission of Japan",
  },
  /** The dates the current texts of the legal pages took effect (ISO 8601). */
  legalRevisions: { terms: "2026-04-01", privacy: "2026-04-01", laws: "2026-04-01" },
} as const satisfies Record<string, Localized | string | Record<string, string>>;

/** "2018年1月" / "January 2018". */
export function establishedLabel(locale: keyof Localized): string {
  const [year, month] = COMPANY.established.split("-").map(Number) as [number, number];
  return locale === "ja"
    ? `${year}年${month}月`
    : new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" }).format(
        Date.UTC(year, month - 1, 1),
      );
}
