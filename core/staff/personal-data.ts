import { and, desc, eq, isNotNull } from "drizzle-orm";
import { addresses, bankAccounts, identityChecks, items, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { prefectureNameJa } from "../shared/prefectures.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { maskAddress, maskBankAccount, maskEmail, maskImei, maskPhone } from "./mask.ts";
import { hasPermission } from "./permissions.ts";

/** The kinds of personal data an operator may reveal, one at a time. */
export const PERSONAL_FIELDS = ["email", "phone", "address", "bankAccount", "identity", "imei"] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

type Address = typeof addresses.$inferSelect;
type Bank = typeof bankAccounts.$inferSelect;

/** One piece of a member's personal data: masked, or (after an audited reveal) in full. */
export type PersonalValue = { field: PersonalField; masked: string | null; itemId?: number };

async function load(ctx: CoreContext, memberId: number) {
  const [member] = await ctx.db
    .select({ id: users.id, email: users.email, phone: users.phoneNumber, role: users.role })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member || member.role === "operator") throw new AppError("NOT_FOUND");
  const [address] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, memberId), eq(addresses.isDefault, true)));
  const [bank] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, memberId));
  const [identity] = await ctx.db
    .select({ facts: identityChecks.verifiedFacts, at: identityChecks.completedAt })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, memberId), eq(identityChecks.status, "verified")))
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  const imeis = await ctx.db
    .select({ itemId: items.id, imei: items.imei })
    .from(items)
    .where(and(eq(items.sellerId, memberId), isNotNull(items.imei)))
    .orderBy(desc(items.id))
    .limit(20);
  return { member, address, bank, identity, imeis };
}

const addressText = (a: Address) =>
  `〒${a.postalCode} ${prefectureNameJa(a.prefectureCode)}${a.city} ${a.street} ${a.building} ${a.familyName} ${a.givenName} ${a.phone}`.replace(
    /\s+/g,
    " ",
  );
const bankText = (b: Bank) =>
  `${b.bankName} ${b.branchName} ${b.accountType === "1" ? "普通" : "当座"} ${b.accountNumber} ${b.holderName}`;

/**
 * A member's personal data as the back office shows it by default: masked for everyone. Operators
 * holding `pii:read` may reveal one value at a time (`revealPersonalData`), and each reveal is audited.
 */
export async function memberPersonalData(
  ctx: CoreContext,
  o: { actor: SessionUser | null; memberId: number },
): Promise<{ values: PersonalValue[]; mayReveal: boolean }> {
  const operator = await authorize(ctx, o.actor, "members:read");
  const d = await load(ctx, o.memberId);
  const values: PersonalValue[] = [
    { field: "email", masked: maskEmail(d.member.email) },
    { field: "phone", masked: maskPhone(d.member.phone) },
    {
      field: "address",
      masked: d.address
        ? `${prefectureNameJa(maskAddress(d.address).prefectureCode)}${maskAddress(d.address).city} ••••`
        : null,
    },
    {
      field: "bankAccount",
      masked: d.bank
        ? `${d.bank.bankName} ${d.bank.branchName} ${maskBankAccount(d.bank.accountNumber)}`
        : null,
    },
    { field: "identity", masked: d.identity ? "••••" : null },
    ...d.imeis.map((i) => ({ field: "imei" as const, masked: maskImei(i.imei), itemId: i.itemId })),
  ];
  return { values, mayReveal: hasPermission(operator.roles, "pii:read") };
}

/** Shows one value in full to an operator holding `pii:read`, and records that they saw it. */
export async function revealPersonalData(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    memberId: number;
    field: PersonalField;
    itemId?: number | undefined;
    reason?: string | undefined;
    meta?: RequestMeta;
  },
): Promise<{ field: PersonalField; value: string | null; itemId?: number }> {
  const operator = await authorize(ctx, o.actor, "pii:read");
  if (!PERSONAL_FIELDS.includes(o.field)) throw new AppError("NOT_FOUND");
  const d = await load(ctx, o.memberId);
  const value =
    o.field === "email"
      ? d.member.email
      : o.field === "phone"
        ? d.member.phone
        : o.field === "address"
          ? d.address
            ? addressText(d.address)
            : null
          : o.field === "bankAccount"
            ? d.bank
              ? bankText(d.bank)
              : null
            : o.field === "identity"
              ? d.identity?.facts
                ? Object.values(d.identity.facts).join(" / ")
                : null
              : (d.imeis.find((i) => i.itemId === o.itemId)?.imei ?? null);
  if (o.field === "imei" && value === null) throw new AppError("NOT_FOUND");
  await recordAudit(ctx, {
    operator,
    action: "pii:read",
    target: { type: "user", id: d.member.id },
    changes: { revealed: [null, o.field === "imei" ? `imei:${o.itemId}` : o.field] },
    reason: o.reason ?? null,
    meta: o.meta,
  });
  return { field: o.field, value, ...(o.itemId ? { itemId: o.itemId } : {}) };
}
