import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { buybackBuyers, buybackCompanies, users } from "../schema/index.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";

/** The demo buyer companies, each with its buyer account (listed in the README). */
const DEMO_COMPANIES = [
  {
    email: "buyer@tsugu.example",
    name: "株式会社リユースモバイル",
    invoiceNumber: "T1234567890123",
    address: "東京都千代田区外神田1-2-3 リユースビル5F",
    phone: "0312345678",
    dealerLicence: "東京都公安委員会 第301010000001号",
  },
  {
    email: "buyer2@tsugu.example",
    name: "合同会社スマホリンク",
    invoiceNumber: "T9876543210987",
    address: "大阪府大阪市浪速区日本橋4-5-6",
    phone: "0661234567",
    dealerLicence: "大阪府公安委員会 第621010000002号",
  },
] as const;

/**
 * The buyer companies and their accounts (the demo accounts of role `business`), set up and ready
 * to log in. Idempotent: a buyer already linked is left as it is.
 */
export async function seedDemoBuyerCompanies(db: Db): Promise<{ companyIds: Record<string, number> }> {
  const emails = DEMO_COMPANIES.map((c) => c.email);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const companyIds: Record<string, number> = {};
  for (const c of DEMO_COMPANIES) {
    const user = accounts.find((a) => a.email === c.email);
    if (!user || !DEMO_ACCOUNTS.some((a) => a.email === c.email)) continue;
    const [linked] = await db.select().from(buybackBuyers).where(eq(buybackBuyers.userId, user.id));
    if (linked) {
      companyIds[c.email] = linked.companyId;
      continue;
    }
    const { email: _, ...company } = c;
    const [row] = await db.insert(buybackCompanies).values(company).returning({ id: buybackCompanies.id });
    const companyId = row?.id as number;
    await db.insert(buybackBuyers).values({ userId: user.id, companyId, setupAt: new Date() });
    companyIds[c.email] = companyId;
  }
  return { companyIds };
}
