import { eq } from "drizzle-orm";
import { z } from "zod";
import { operatorRoles, users } from "#db/schema/index.ts";
import { issueChallenge } from "../identity/challenges.ts";
import { ZEmail } from "../identity/fields.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordAudit } from "./audit.ts";
import { OPERATOR_ROLES, type OperatorRole } from "./permissions.ts";

/** How long the link that sets a new operator's password works: a working day. */
const SET_PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const addOperatorInput = z.object({
  email: ZEmail,
  nickname: z.string().trim().min(1).max(40).default("Tsugu 運営"),
  roles: z.array(z.enum(OPERATOR_ROLES)).min(1).max(OPERATOR_ROLES.length).default(["admin"]),
});

export type AddedOperator = {
  userId: number;
  created: boolean;
  roles: OperatorRole[];
  /** Where the operator sets their password (once, within 24 hours); null when they have one. */
  setPasswordLink: string | null;
};

/**
 * Adds an operator from the server's command line (`npm run operator -- add`): how a deployment
 * gets its first admin, since a production database starts with no account at all. A new account
 * has no password: the answer carries a single-use link to set one, and the back office stays shut
 * until the operator turns two-step verification on (decision 033). An existing operator gains the
 * roles; a member's address is refused, so a customer account never turns into staff by accident.
 * Recorded in the audit log with no operator as actor.
 */
export async function addOperator(ctx: CoreContext, o: { input: unknown }): Promise<AddedOperator> {
  const input = parseInput(addOperatorInput, o.input, {
    email: msg("identity.fields.email"),
    nickname: msg("identity.fields.nickname"),
    roles: msg("backOffice.fields.roles"),
  });
  const now = ctx.clock.now();
  const added = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).for("update");
    if (existing && existing.role !== "operator") {
      throw new AppError("CONFLICT", { message: msg("backOffice.errors.memberEmail") });
    }
    const account =
      existing ??
      (
        await tx
          .insert(users)
          .values({
            email: input.email,
            nickname: input.nickname,
            role: "operator",
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0]!;
    const before = (
      await tx
        .select({ role: operatorRoles.role })
        .from(operatorRoles)
        .where(eq(operatorRoles.userId, account.id))
    ).map((r) => r.role);
    const next = [...new Set([...before, ...input.roles])].sort();
    const added = next.filter((r) => !before.includes(r));
    if (added.length) {
      await tx
        .insert(operatorRoles)
        .values(added.map((role) => ({ userId: account.id, role, grantedAt: now })))
        .onConflictDoNothing();
    }
    if (!existing || added.length) {
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          operator: null,
          action: "roles:assign",
          target: { type: "user", id: account.id },
          changes: { roles: [before.sort(), next] },
          reason: "command line: npm run operator -- add",
        },
      );
    }
    return { account, created: !existing, roles: next };
  });
  let setPasswordLink: string | null = null;
  if (!added.account.passwordHash) {
    const issued = await issueChallenge(ctx, {
      purpose: "password_reset",
      destination: added.account.email,
      userId: added.account.id,
      ip: "command-line",
      withCode: false,
      withLink: true,
      ttlMs: SET_PASSWORD_LINK_TTL_MS,
    });
    setPasswordLink = `${ctx.publicUrl}/${added.account.locale}/settings/reset-password/?token=${issued.linkToken}`;
  }
  return { userId: added.account.id, created: added.created, roles: added.roles, setPasswordLink };
}
