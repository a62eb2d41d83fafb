import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The demo data set; safe to run again. */
export async function seed(db: Db): Promise<{ accounts: number }> {
  return { accounts: await seedDemoAccounts(db) };
}
