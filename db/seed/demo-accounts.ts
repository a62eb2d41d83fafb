import { eq } from "drizzle-orm";
import { hashPassword } from "#core/identity/passwords.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { sealTotpSecret } from "#core/identity/two-step.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { rolesOf } from "#core/staff/authorize.ts";
import type { Db } from "../client.ts";
import { type OperatorRole, operatorRoles, twoStepSettings, type UserRole, users } from "../schema/index.ts";

/** Listed in the README: one account for each role, all with the same password. */
export const DEMO_PASSWORD = "tsugu-demo-2026";

/**
 * Listed in the README too: operators must use two-step verification, so the demo operators come
 * with an authenticator already set up on this secret (Base32; add it to any authenticator app).
 */
export const DEMO_OPERATOR_TOTP_SECRET = "TSUGUDEMOTWOSTEPKEYSTAFFACCOUNTS";

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

/**
 * Idempotent: accounts that exist already are left as they are. The server's secret seals the demo
 * operators' authenticator secret, as it does every member's.
 */
export async function seedDemoAccounts(db: Db, serverSecret: string): Promise<number> {
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
  const operators = rows.filter(
    (row) => DEMO_ACCOUNTS.find((a) => a.email === row.email)?.role === "operator",
  );
  if (operators.length) {
    await db
      .insert(twoStepSettings)
      .values(
        operators.map((row) => ({
          userId: row.id,
          totpSecret: sealTotpSecret(serverSecret, row.id, DEMO_OPERATOR_TOTP_SECRET),
          totpEnabledAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  }
  return rows.length;
}

/** A demo account as a use case sees its actor (with its back-office roles); null when not seeded. */
export async function demoActor(ctx: Pick<CoreContext, "db">, email: string): Promise<SessionUser | null> {
  const [u] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      role: users.role,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.email, email));
  return u ? { ...u, sessionId: 0, staffRoles: await rolesOf(ctx.db, u.id) } : null;
}
