import type { Yen } from "../shared/codes.ts";
import { SALES_FEE_RATE_PERCENT } from "./codes.ts";

/**
 * What a sale at `price` means for the seller: the 5% fee, rounded down to the yen, and what is
 * left. Pure, so the listing form shows exactly what the server will charge.
 */
export function saleBreakdown(price: Yen): { price: Yen; fee: Yen; proceeds: Yen } {
  const fee = Math.floor((price * SALES_FEE_RATE_PERCENT) / 100);
  return { price, fee, proceeds: price - fee };
}
