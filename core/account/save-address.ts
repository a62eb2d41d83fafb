import { sql } from "drizzle-orm";
import { addresses } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { type TAddressInput, ZAddress } from "./address-fields.ts";
import { ACCOUNT_FIELD_LABELS } from "./fields.ts";
import { type Address, toAddress } from "./get-address.ts";

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
