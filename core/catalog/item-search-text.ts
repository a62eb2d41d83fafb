import { BRANDS, CATEGORIES, labelOf } from "../shared/codes.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { CARRIERS, COLORS, DEFECTS } from "./device-facts.ts";
import type { TItemFields } from "./item-fields.ts";
import { gramsOf, searchTextOf } from "./search-text.ts";

/** What a listing can be found by: its words, and the names of its facts in both languages. */
export function itemSearchGrams(fields: TItemFields, modelName: string | null): string[] {
  const both = <T extends readonly { code: string; label: Message }[]>(table: T, code?: string) => {
    const entry = code ? table.find((e) => e.code === code) : undefined;
    return entry ? `${renderMessage(entry.label, "ja")} ${renderMessage(entry.label, "en")}` : null;
  };
  const brand = fields.brandCode ? BRANDS.find((b) => b.code === fields.brandCode) : undefined;
  const searchText = searchTextOf([
    fields.title,
    fields.description,
    brand ? `${brand.name} ${labelOf(BRANDS, brand.code, "ja")}` : null,
    modelName,
    both(CATEGORIES, fields.categoryCode),
    both(COLORS, fields.color),
    both(CARRIERS, fields.carrier),
    fields.storageGb ? `${fields.storageGb}gb` : null,
    ...fields.defects.map((d) => both(DEFECTS, d)),
  ]);
  return gramsOf(searchText);
}
