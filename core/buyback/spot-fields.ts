import { z } from "zod";
import { ZPrefectureCode } from "../account/fields.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { digitsField } from "../shared/validation/digits-field.ts";
import { maxLength, numeric, phone, postalDigits, required, text } from "../shared/validation/rules.ts";

// The drop-off spot form's rules: the back-office page shows the limits, the core checks them.

/** Field names for validation messages, by field name. */
export const SPOT_LABELS: Record<string, Message> = {
  name: msg("buybackOffice.spots.fields.name"),
  postalCode: msg("buybackOffice.spots.fields.postalCode"),
  prefectureCode: msg("buybackOffice.spots.fields.prefectureCode"),
  address: msg("buybackOffice.spots.fields.address"),
  hours: msg("buybackOffice.spots.fields.hours"),
  closedDays: msg("buybackOffice.spots.fields.closedDays"),
  phone: msg("buybackOffice.spots.fields.phone"),
  note: msg("buybackOffice.spots.fields.note"),
  position: msg("buybackOffice.spots.fields.position"),
};

export const SPOT_LIMITS = {
  name: 80,
  address: 200,
  hours: 100,
  closedDays: 100,
  note: 300,
  position: 9999,
} as const;

/** Several lines of text: line breaks as one character, surrounding white space trimmed. */
function lines(max: number) {
  return z
    .string()
    .nullish()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().check(maxLength(max)));
}

/** Where spots are listed within their prefecture: a whole number, empty for 0. */
const ZPosition = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
  .pipe(z.string().check(numeric(), maxLength(4)))
  .transform((value) => (value === "" ? 0 : Number(value)));

export const ZSpotInput = z.object({
  name: text(required(), maxLength(SPOT_LIMITS.name)),
  postalCode: digitsField(required(), postalDigits()),
  prefectureCode: ZPrefectureCode,
  address: text(required(), maxLength(SPOT_LIMITS.address)),
  hours: lines(SPOT_LIMITS.hours).pipe(z.string().check(required())),
  closedDays: text(maxLength(SPOT_LIMITS.closedDays)),
  phone: z
    .string()
    .nullish()
    .transform((value) => toHalfWidthDigits((value ?? "").trim()).replace(/\s/g, ""))
    // The shared phone rule (hyphens kept as written: 03-1234-5678).
    .pipe(z.string().check(phone())),
  note: lines(SPOT_LIMITS.note),
  position: ZPosition,
});
