import { z } from "zod";
import { digitsField } from "../shared/validation/digits-field.ts";
import {
  katakana,
  maxLength,
  phone,
  postalDigits,
  printSafeText,
  required,
  text,
} from "../shared/validation/index.ts";
import { ZPrefectureCode } from "./fields.ts";

/**
 * An address's fields (spec §5), shared by the core, the REST API and the address form, which
 * checks each field with them as it is filled in (so this module imports nothing of the server).
 * Names and places are printed on shipping labels, so they must survive a label printer; the kana
 * is converted (hiragana and half-width katakana to full-width katakana) rather than refused.
 */
export const ZAddress = z.object({
  familyName: text(required(), maxLength(20), printSafeText()),
  givenName: text(required(), maxLength(20), printSafeText()),
  familyNameKana: text(required(), katakana(), maxLength(40)),
  givenNameKana: text(required(), katakana(), maxLength(40)),
  postalCode: digitsField(required(), postalDigits()),
  prefectureCode: ZPrefectureCode,
  city: text(required(), maxLength(50), printSafeText()),
  street: text(required(), maxLength(100), printSafeText()),
  building: text(maxLength(100), printSafeText()),
  // Couriers need a number to call, so the address's phone is required although the rule is not.
  phone: digitsField(required(), phone()),
});
export type TAddressInput = z.input<typeof ZAddress>;
