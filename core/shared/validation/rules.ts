// Field rules (spec §5). Each returns a zod check; combine them in order, the first failing rule's
// message is the one shown for the field:
//
//   z.object({ kana: text(required(), maxLength(20), katakana()) })
import { z } from "zod";
import { COURIER_PICKUP_CLOSING_HOUR } from "../courier.ts";
import {
  compactDigits,
  hasValidLuhnChecksum,
  isBankHolderName,
  isKatakana,
  isPrintSafeText,
  toBankHolderName,
  toHalfWidthDigits,
  toKatakana,
} from "./characters.ts";
import { isEmpty, type Rule, report } from "./issues.ts";
import type { MessageValues, RuleMessageKey } from "./messages.ts";
import { isCalendarDate, type Now, tokyoNow } from "./tokyo-clock.ts";

/**
 * A form text field: a missing value (absent key, `null`) becomes `""` and surrounding whitespace,
 * full-width spaces included, is trimmed before the rules run; the output is the cleaned string.
 */
export function text(...rules: Rule<string>[]) {
  return z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().check(...rules));
}

function rule<T>(key: RuleMessageKey, isValid: (value: T) => boolean, values?: MessageValues): Rule<T> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    if (!isValid(payload.value)) report(payload, key, { values });
  };
}

/**
 * Like `rule`, but first rewrites the value into the form the rule checks (full-width digits to
 * ASCII, hiragana to katakana…): what people type is converted rather than refused, and the
 * rewritten value is what the schema outputs.
 */
function convertingRule(
  key: RuleMessageKey,
  convert: (value: string) => string,
  isValid: (value: string) => boolean,
  values?: MessageValues,
): Rule<string> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    payload.value = convert(payload.value);
    if (!isValid(payload.value)) report(payload, key, { values });
  };
}

/** Like `rule`, but first rewrites full-width digits and hyphens to ASCII (see `toHalfWidthDigits`). */
function digitRule(
  key: RuleMessageKey,
  isValid: (value: string) => boolean,
  values?: MessageValues,
): Rule<string> {
  return convertingRule(key, toHalfWidthDigits, isValid, values);
}

/**
 * For rules on amounts, which may arrive as JSON numbers or as form strings: strings get the same
 * digit normalisation as `digitRule`, and only plain decimal notation counts as a number.
 */
function numberRule(
  key: RuleMessageKey,
  isValid: (value: number) => boolean,
  values?: MessageValues,
): Rule<string | number> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    if (typeof payload.value === "string") payload.value = toHalfWidthDigits(payload.value);
    const value = payload.value;
    const number =
      typeof value === "number" ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!isValid(number)) report(payload, key, { values });
  };
}

// Lengths count code points, so a kanji outside the BMP (𠮷) is one character, as the user sees it.
function length(value: string): number {
  return Array.from(value).length;
}

export function required(): Rule<unknown> {
  return (payload) => {
    if (isEmpty(payload.value)) report(payload, "required");
  };
}

/** `required` for a choice (a select, radio buttons): 「…を選択してください」 rather than 「…を入力してください」. */
export function selected(): Rule<unknown> {
  return (payload) => {
    if (isEmpty(payload.value)) report(payload, "select");
  };
}

/** Only the digits 0-9 (no sign, no decimal point). */
export function numeric(): Rule<string | number> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    if (typeof payload.value === "string") payload.value = toHalfWidthDigits(payload.value);
    if (!/^\d+$/.test(String(payload.value))) report(payload, "numeric");
  };
}

export function minLength(min: number): Rule<string> {
  return rule<string>("minLength", (value) => length(value) >= min, { min });
}

export function maxLength(max: number): Rule<string> {
  return rule<string>("maxLength", (value) => length(value) <= max, { max });
}

export function minValue(min: number): Rule<string | number> {
  return numberRule("minValue", (value) => value >= min, { min });
}

export function maxValue(max: number): Rule<string | number> {
  return numberRule("maxValue", (value) => value <= max, { max });
}

export function email(): Rule<string> {
  return rule<string>("email", (value) => z.regexes.email.test(value));
}

/**
 * Exactly `count` digits. A code is typed as it is read (「１６８４８３」, 「168 483」): full-width
 * digits become ASCII and spaces or hyphens between the groups are dropped.
 */
export function digits(count: number): Rule<string> {
  const pattern = new RegExp(`^\\d{${count}}$`);
  return convertingRule("digits", compactDigits, (value) => pattern.test(value), { length: count });
}

/**
 * 15 digits whose last digit is the Luhn check digit of the first 14. Spaces and hyphens as phones
 * show the number, and full-width digits, are accepted (the output is the 15 digits). A number of
 * the wrong length (or with letters) is told that an IMEI has 15 digits; 15 digits whose check digit
 * does not match get the spec's message (「IMEIを正しく入力してください」).
 */
export function imei(): Rule<string> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    payload.value = compactDigits(payload.value);
    if (!/^\d{15}$/.test(payload.value)) {
      report(payload, "imeiLength", { values: { length: 15 } });
    } else if (!hasValidLuhnChecksum(payload.value)) report(payload, "imei");
  };
}

/** Account passwords: at least one letter and one digit (length is checked by min/max length). */
export function passwordStrength(): Rule<string> {
  return rule<string>("passwordStrength", (value) => /\p{L}/u.test(value) && /\p{Nd}/u.test(value));
}

export function printSafeText(): Rule<string> {
  return rule("printSafeText", isPrintSafeText);
}

/** Full-width katakana; hiragana and half-width katakana are converted to it first (see `toKatakana`). */
export function katakana(): Rule<string> {
  return convertingRule("katakana", toKatakana, isKatakana);
}

/** A Japanese mobile number: 090/080/070/060, then 4 and 4 digits, hyphens optional. */
export function mobilePhoneNumber(): Rule<string> {
  return digitRule("mobilePhoneNumber", (value) => /^0[6-9]0-?\d{4}-?\d{4}$/.test(value));
}

/** §5 bank_holder_name, after converting what can be converted (see `toBankHolderName`). */
export function bankHolderName(): Rule<string> {
  return convertingRule("bankHolderName", toBankHolderName, isBankHolderName);
}

export function postalDigits(): Rule<string> {
  return digitRule("postalDigits", (value) => /^\d{7}$/.test(value));
}

/**
 * A Japanese phone number, the one rule for every phone field of the product: 10 or 11 digits
 * starting with 0 (the area code, or 0X0 for a mobile), hyphens between the groups allowed
 * (03-1234-5678). Ten digits that do not start with 0 (1234567890) are no phone number.
 */
export function phone(): Rule<string> {
  return (payload) => {
    if (isEmpty(payload.value)) return;
    payload.value = toHalfWidthDigits(payload.value);
    const digitsOnly = payload.value.replace(/-/g, "");
    if (!/^\d+(-\d+)*$/.test(payload.value) || !/^\d{10,11}$/.test(digitsOnly)) report(payload, "phone");
    else if (!/^0[1-9]/.test(digitsOnly)) report(payload, "phoneAreaCode");
  };
}

/**
 * Courier pickup date (`YYYY-MM-DD`): not in the past, and today only until the pickup closing hour,
 * both judged in Asia/Tokyo at the injected `now`.
 */
export function yamatoShukaDate(options: { now: Now }): Rule<string> {
  return (payload) => {
    const date = payload.value;
    if (isEmpty(date)) return;
    const today = tokyoNow(options.now);
    if (!isCalendarDate(date) || date < today.date) {
      report(payload, "default");
    } else if (date === today.date && today.hour >= COURIER_PICKUP_CLOSING_HOUR) {
      report(payload, "yamatoShukaDate");
    }
  };
}
