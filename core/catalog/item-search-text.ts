import { labelOf } from "../shared/codes.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { BRANDS, CATEGORIES } from "./codes.ts";
import { DEVICE_CATALOGUE } from "./device-catalogue.ts";
import { CARRIERS, COLORS, DEFECTS } from "./device-facts.ts";
import type { TItemFields } from "./item-fields.ts";
import { canonicalSearchText, indexTokensOf, modelsNamedIn } from "./search-text.ts";

/** A listing's search row as the application writes it (the database adds the fact tokens). */
export type ItemSearchRow = { grams: string[]; body: string };

/**
 * The catalogue's names for a listing's model, so it is found by any of them: the model the seller
 * chose, else the models its title names.
 */
function modelNames(modelName: string | null, title: string): string[] {
  const models = modelName ? [modelName] : modelsNamedIn(title);
  return models.flatMap((name) => [name, ...(DEVICE_CATALOGUE.find((m) => m.name === name)?.aliases ?? [])]);
}

/**
 * What a listing can be found by: the tokens of all its words and the names of its facts in both
 * languages, the tokens of its title and model name again under `t:` (they rank first), and its
 * whole text for checking longer Japanese terms (decision 024).
 */
export function itemSearchRow(fields: TItemFields, modelName: string | null): ItemSearchRow {
  const both = <T extends readonly { code: string; label: Message }[]>(table: T, code?: string) => {
    const entry = code ? table.find((e) => e.code === code) : undefined;
    return entry ? `${renderMessage(entry.label, "ja")} ${renderMessage(entry.label, "en")}` : null;
  };
  const brand = fields.brandCode ? BRANDS.find((b) => b.code === fields.brandCode) : undefined;
  const names = modelNames(modelName, fields.title);
  // Each part on its own line of the text: words of two parts are never read as side by side.
  const title = canonicalSearchText([fields.title, ...names].filter(Boolean).join(" / "));
  const body = canonicalSearchText(
    [
      fields.title,
      fields.description,
      brand ? `${brand.name} ${labelOf(BRANDS, brand.code, "ja")}` : null,
      ...names,
      both(CATEGORIES, fields.categoryCode),
      both(COLORS, fields.color),
      both(CARRIERS, fields.carrier),
      fields.storageGb ? `${fields.storageGb}gb` : null,
      ...fields.defects.map((d) => both(DEFECTS, d)),
    ]
      .filter(Boolean)
      .join(" / "),
  );
  return { grams: [...indexTokensOf(body), ...indexTokensOf(title).map((t) => `t:${t}`)], body };
}
