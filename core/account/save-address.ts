import { sql } from "drizzle-orm";
import { z } from "zod";
import { addresses } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import {
  katakana,
  maxLength,
  phone,
  postalDigits,
  printSafeText,
  required,
  text,
} from "../shared/validation/index.ts";
import { ACCOUNT_FIELD_LABELS, digitsField, ZPrefectureCode } from "./fields.ts";
import { type Address, toAddress } from "./get-address.ts";

/** Names and places are printed on shipping labels, so they must survive a label printer. */
export const ZAddress = z.object({
  familyName: text(required(), maxLength(20), printSafeText()),
  givenName: text(required(), maxLength(20), printSafeText()),
  familyNameKana: text(required(), maxLength(40), katakana()),
  givenNameKana: text(required(), maxLength(40), katakana()),
  postalCode: digitsField(required(), postalDigits()),
  prefectureCode: ZPrefectureCode,
  city: text(required(), maxLength(50), printSafeText()),
  street: text(required(), maxLength(100), printSafeText()),
  building: text(maxLength(100), printSafeText()),
  // Couriers need a number to call, so the address's phone is required although the rule is not.
  phone: digitsField(required(), phone()),
});
export type TAddressInput = z.input<typeof ZAddress>;

/** Saves the member's address (one default address each), creating or replacing it. */
export async function saveAddress(
  ctx: CoreContext,
  o: { userId: number; input: TAddressInput },
): Promise<Address> {
  const values = parseInput(ZAddress, o.input, ACCOUNT_FIELD_LABELS);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(addresses)
    .values({ userId: o.userId, isDefault: true, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: addresses.userId,
      targetWhere: sql`${addresses.isDefault}`,
      set: { ...values, updatedAt: now },
    })
    .returning();
  return toAddress(row!);
}
