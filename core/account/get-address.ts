import { and, eq } from "drizzle-orm";
import { addresses } from "#db/schema/index.ts";
import type { PrefectureCode } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";

export type Address = {
  familyName: string;
  givenName: string;
  familyNameKana: string;
  givenNameKana: string;
  postalCode: string;
  prefectureCode: PrefectureCode;
  city: string;
  street: string;
  building: string;
  phone: string;
  updatedAt: Date;
};

export function toAddress(row: typeof addresses.$inferSelect): Address {
  return {
    familyName: row.familyName,
    givenName: row.givenName,
    familyNameKana: row.familyNameKana,
    givenNameKana: row.givenNameKana,
    postalCode: row.postalCode,
    prefectureCode: row.prefectureCode as PrefectureCode,
    city: row.city,
    street: row.street,
    building: row.building,
    phone: row.phone,
    updatedAt: row.updatedAt,
  };
}

/** The member's default address, or null when none was saved yet. */
export async function getAddress(ctx: Pick<CoreContext, "db">, userId: number): Promise<Address | null> {
  const [row] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  return row ? toAddress(row) : null;
}
