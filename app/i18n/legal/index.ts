import { type CompanyFacts, companyFactsIn } from "#core/shared/company.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { LawsNotation, LegalDocument } from "./document.ts";
import { enLaws, enPrivacy, enTerms } from "./en.ts";
import { jaLaws, jaPrivacy, jaTerms } from "./ja.ts";

type LegalTexts = { terms: LegalDocument; privacy: LegalDocument; laws: LawsNotation };

const LEGAL: Record<Locale, { [K in keyof LegalTexts]: (c: CompanyFacts) => LegalTexts[K] }> = {
  ja: { terms: jaTerms, privacy: jaPrivacy, laws: jaLaws },
  en: { terms: enTerms, privacy: enPrivacy, laws: enLaws },
};

const written = new Map<Locale, LegalTexts>();

/**
 * A language's legal texts with the company's facts written in, when a page first asks for them: a
 * page in the browser has its own language's messages only (decision 031).
 */
export function legalTexts(locale: Locale): LegalTexts {
  let texts = written.get(locale);
  if (!texts) {
    const c = companyFactsIn(locale);
    texts = { terms: LEGAL[locale].terms(c), privacy: LEGAL[locale].privacy(c), laws: LEGAL[locale].laws(c) };
    written.set(locale, texts);
  }
  return texts;
}
