/**
 * A legal page's text: the terms of service, the privacy policy and the notation under the
 * Specified Commercial Transactions Act, in each language. Facts about the company come from
 * `core/shared/company.ts`; fees and limits from `core/shared/codes.ts`.
 */
export type LegalBlock = string | { list: readonly string[] };

type LegalSection = { heading: string; blocks: readonly LegalBlock[] };

export type LegalDocument = {
  title: string;
  description: string;
  lead?: string;
  sections: readonly LegalSection[];
  /** "2026年4月1日 制定" and the like, shown at the end. */
  closing: string;
};

/** The notation under the Specified Commercial Transactions Act is a table of terms and their values. */
export type LawsNotation = {
  title: string;
  description: string;
  lead: string;
  rows: readonly { term: string; value: readonly LegalBlock[] }[];
  closing: string;
};
