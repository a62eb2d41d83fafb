import type { Locale } from "#core/shared/locale.ts";
import type { LawsNotation, LegalDocument } from "./document.ts";
import { enLaws, enPrivacy, enTerms } from "./en.ts";
import { jaLaws, jaPrivacy, jaTerms } from "./ja.ts";

export const LEGAL: Record<Locale, { terms: LegalDocument; privacy: LegalDocument; laws: LawsNotation }> = {
  ja: { terms: jaTerms, privacy: jaPrivacy, laws: jaLaws },
  en: { terms: enTerms, privacy: enPrivacy, laws: enLaws },
};
