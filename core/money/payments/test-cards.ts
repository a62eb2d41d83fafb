import { hasValidLuhnChecksum } from "../../shared/validation/characters.ts";

/**
 * The sandbox's test cards, named after the behaviour they trigger (like a provider's test mode).
 * Any other number that passes the Luhn check succeeds as well.
 */
export const SANDBOX_TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  challenge: "4000000000003220",
} as const;

export type SandboxCardBehaviour = keyof typeof SANDBOX_TEST_CARDS;

export function sandboxBehaviour(number: string): SandboxCardBehaviour {
  if (number === SANDBOX_TEST_CARDS.declined) return "declined";
  if (number === SANDBOX_TEST_CARDS.challenge) return "challenge";
  return "success";
}

/** A card number as the sandbox accepts it: 12 to 19 digits with a valid Luhn check digit. */
export function isCardNumber(number: string): boolean {
  return /^\d{12,19}$/.test(number) && hasValidLuhnChecksum(number);
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MasterCard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^35/.test(number)) return "JCB";
  if (/^3(0|6|8)/.test(number)) return "Diners Club";
  return "Unknown";
}
