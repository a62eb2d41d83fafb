import { hashPassword } from "#core/identity/passwords.ts";
import type { Db } from "../client.ts";
import { type UserRole, users } from "../schema/index.ts";

/** Listed in the README: one account for each role, all with the same password. */
export const DEMO_PASSWORD = "tsugu-demo-2026";

export const DEMO_ACCOUNTS: { email: string; nickname: string; role: UserRole; companyName?: string }[] = [
  { email: "hanako@tsugu.example", nickname: "はなこ", role: "member" },
  { email: "taro@tsugu.example", nickname: "たろう", role: "member" },
  {
    email: "buyer@tsugu.example",
    nickname: "リユースモバイル 仕入担当",
    role: "business",
    companyName: "株式会社リユースモバイル",
  },
  { email: "staff@tsugu.example", nickname: "Tsugu 運営", role: "operator" },
];

/** Idempotent: accounts that exist already are left as they are. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, emailVerifiedAt: new Date() })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length;
}
