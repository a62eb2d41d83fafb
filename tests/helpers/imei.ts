import { hasValidLuhnChecksum } from "#core/shared/validation/characters.ts";

/** A valid IMEI: the 14 digits given and the one check digit that makes the Luhn checksum hold. */
export function imeiFrom(body14: string): string {
  for (let digit = 0; digit < 10; digit++) {
    if (hasValidLuhnChecksum(`${body14}${digit}`)) return `${body14}${digit}`;
  }
  throw new Error(`not 14 digits: ${body14}`);
}
