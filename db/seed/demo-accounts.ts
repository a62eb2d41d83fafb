import { hashPassword } from "#core/identity/passwords.ts";
import type { Db } from "../client.ts";
import { type OperatorRole, operatorRoles, type UserRole, users } from "../schema/index.ts";

/** Listed in the README: one account for each role, all with the same password. */
export const DEMO_PASSWORD = "tsugu-demo-2026";

export type DemoAccount = {
  email: string;
  nickname: string;
  role: UserRole;
  companyName?: string;
  /** The back-office roles of an operator account. */
  staffRoles?: OperatorRole[];
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "hanako@tsugu.example", nickname: "はなこ", role: "member" },
  { email: "taro@tsugu.example", nickname: "たろう", role: "member" },
  {
    email: "buyer@tsugu.example",
    nickname: "リユースモバイル 仕入担当",
    role: "business",
    companyName: "株式会社リユースモバイル",
  },
  {
    email: "buyer2@tsugu.example",
    nickname: "スマホリンク 調達部",
    role: "business",
    companyName: "合同会社スマホリンク",
  },
  // Every role: a newcomer sees the whole back office.
  { email: "staff@tsugu.example", nickname: "Tsugu 運営", role: "operator", staffRoles: ["admin"] },
  { email: "support@tsugu.example", nickname: "サポート 佐藤", role: "operator", staffRoles: ["support"] },
  {
    email: "safety@tsugu.example",
    nickname: "安全対策 鈴木",
    role: "operator",
    staffRoles: ["trust_safety"],
  },
  { email: "finance@tsugu.example", nickname: "経理 高橋", role: "operator", staffRoles: ["finance"] },
  { email: "grader@tsugu.example", nickname: "査定 田中", role: "operator", staffRoles: ["grader"] },
  { email: "editor@tsugu.example", nickname: "編集 伊藤", role: "operator", staffRoles: ["editor"] },
];

/** Idempotent: accounts that exist already are left as they are. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map(({ staffRoles: _, ...a }) => ({ ...a, passwordHash, emailVerifiedAt: new Date() })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const grants = rows.flatMap((row) =>
    (DEMO_ACCOUNTS.find((a) => a.email === row.email)?.staffRoles ?? []).map((role) => ({
      userId: row.id,
      role,
    })),
  );
  if (grants.length) await db.insert(operatorRoles).values(grants).onConflictDoNothing();
  return rows.length;
}
