// What a person types into the card form, checked field by field before it is sent to the provider
// (in the browser) and again by the sandbox's tokenisation endpoint. Imports nothing of the server.
import { type Message, msg } from "../../shared/i18n/translate.ts";
import { hasValidLuhnChecksum, toHalfWidthDigits } from "../../shared/validation/characters.ts";

export type CardField = "number" | "expiry" | "cvc";
export type CardProblems = Partial<Record<CardField, Message>>;

/** What the form sends on: digits only, the expiry as a month and a four-digit year. */
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

type Brand = { name: string; pattern: RegExp; lengths: readonly number[]; cvcLength: number };

// The brands a Japanese card form meets, with the lengths their numbers have.
const BRANDS: readonly Brand[] = [
  { name: "American Express", pattern: /^3[47]/, lengths: [15], cvcLength: 4 },
  { name: "JCB", pattern: /^35/, lengths: [16], cvcLength: 3 },
  { name: "Diners Club", pattern: /^3(0|6|8|9)/, lengths: [14, 16], cvcLength: 3 },
  { name: "Visa", pattern: /^4/, lengths: [16], cvcLength: 3 },
  { name: "Mastercard", pattern: /^(5[1-5]|2[2-7])/, lengths: [16], cvcLength: 3 },
];

function brandOf(number: string): Brand | undefined {
  return BRANDS.find((b) => b.pattern.test(number));
}

/** A card number as it is typed (「4242 4242 4242 4242」, full-width digits, hyphens) as digits. */
function cardDigits(typed: string): string {
  return toHalfWidthDigits(typed).replace(/[-\s\u3000]/g, "");
}

/**
 * The expiry as cards print it, MM/YY (「08/29」); also 「8/29」, 「0829」, 「08/2029」 and full-width
 * digits or slash. Null when it cannot be read as a month and a year (the month itself may still be
 * out of range: that is told apart).
 */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const text = toHalfWidthDigits(typed).replace(/[／\s\u3000]/g, (c) => (c === "／" ? "/" : ""));
  // Without a separator only a real month reads as one (「0829」; 「2030」 is a year, not month 20).
  const m = /^(\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text) ?? /^(0[1-9]|1[0-2])(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  const year = Number(m[2]);
  return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
}

/** 「08/29」: how the form shows an expiry it has read. */
export function formatExpiry(typed: string): string {
  const expiry = parseExpiry(typed);
  if (!expiry || expiry.month < 1 || expiry.month > 12) return typed;
  return `${String(expiry.month).padStart(2, "0")}/${String(expiry.year % 100).padStart(2, "0")}`;
}

/**
 * Each field's problem, said for that field: a number too short or long for its brand or failing
 * the check digit, a month that is not one, an expired card, a security code of the wrong length.
 * `now` decides what has expired (a card is good to the end of the month printed on it).
 */
export function checkCard(
  typed: { number: string; expiry: string; cvc: string },
  now: Date,
): { problems: CardProblems; details: CardDetails | null } {
  const problems: CardProblems = {};
  const number = cardDigits(typed.number);
  const brand = brandOf(number);
  if (number === "") problems.number = msg("payments.card.numberRequired");
  else if (!/^\d+$/.test(number)) problems.number = msg("payments.card.numberDigits");
  else if (brand && !brand.lengths.includes(number.length)) {
    problems.number = msg("payments.card.numberLength", {
      brand: brand.name,
      length: brand.lengths.join("/"),
      typed: number.length,
    });
  } else if (number.length < 12 || number.length > 19) {
    problems.number = msg("payments.card.numberLengthAny", { typed: number.length });
  } else if (!hasValidLuhnChecksum(number)) problems.number = msg("payments.card.numberInvalid");

  const expiryText = typed.expiry.trim();
  const expiry = parseExpiry(expiryText);
  if (expiryText === "") problems.expiry = msg("payments.card.expiryRequired");
  else if (!expiry) problems.expiry = msg("payments.card.expiryFormat");
  else if (expiry.month < 1 || expiry.month > 12) problems.expiry = msg("payments.card.expiryMonth");
  else if (isExpired(expiry, now)) problems.expiry = msg("payments.card.expired");

  const cvc = toHalfWidthDigits(typed.cvc).replace(/[\s\u3000]/g, "");
  const cvcLength = brand?.cvcLength ?? 3;
  if (cvc === "") problems.cvc = msg("payments.card.cvcRequired");
  else if (!/^\d+$/.test(cvc) || (cvc.length !== cvcLength && !(brand === undefined && cvc.length === 4))) {
    problems.cvc = msg(cvcLength === 4 ? "payments.card.cvcLengthFront" : "payments.card.cvcLength", {
      length: cvcLength,
    });
  }

  const details =
    Object.keys(problems).length === 0 && expiry
      ? { number, expMonth: expiry.month, expYear: expiry.year, cvc }
      : null;
  return { problems, details };
}

/** Past the end of the month printed on the card, in Tokyo (where the card is used). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const tokyo = new Date(now.getTime() + 9 * 3600 * 1000);
  const [year, month] = [tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1];
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}
