import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { buybackBuyers, buybackCompanies, users } from "#db/schema/index.ts";

export type Buyer = {
  userId: number;
  email: string;
  name: string;
  companyId: number;
  companyName: string;
  setupAt: Date | null;
};

/**
 * The buyer account behind a user, or null: only a `business` user who belongs to a buyer company
 * is one. Every buyer page and endpoint scopes what it reads to `companyId`.
 */
export async function getBuyer(db: Db, userId: number): Promise<Buyer | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.nickname,
      role: users.role,
      suspendedAt: users.suspendedAt,
      companyId: buybackCompanies.id,
      companyName: buybackCompanies.name,
      setupAt: buybackBuyers.setupAt,
    })
    .from(buybackBuyers)
    .innerJoin(users, eq(users.id, buybackBuyers.userId))
    .innerJoin(buybackCompanies, eq(buybackCompanies.id, buybackBuyers.companyId))
    .where(eq(buybackBuyers.userId, userId))
    .limit(1);
  if (row?.role !== "business" || row.suspendedAt) return null;
  const { role: _, suspendedAt: __, ...buyer } = row;
  return buyer;
}
