import { and, eq, gt, isNull } from "drizzle-orm";
import { buybackCompanies, buybackInvitations, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { keyedHash, newToken } from "../shared/secrets.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { COMPANY_NOT_FOUND } from "./buyer-companies.ts";
import { COMPANY_LABELS, ZInviteBuyer } from "./buyer-fields.ts";
import { DAY_MS, INVITATION_DAYS, mailInvitation } from "./buyer-invitations.ts";

/**
 * Invites a person by e-mail to a buyer company (`buyback:manage`): a link that works once, for 7
 * days, stored only as a hash. An address that already has an account, or an invitation still
 * waiting, is refused with a message for the operator.
 */
export async function inviteBuyer(
  ctx: CoreContext,
  o: { actor: SessionUser | null; companyId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<{ invitationId: number; email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const { email } = parseInput(ZInviteBuyer, o.input, COMPANY_LABELS);
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const { id, companyName } = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, o.companyId))
      .for("update");
    if (!company) throw new AppError("NOT_FOUND", { message: COMPANY_NOT_FOUND });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      throw new AppError("CONFLICT", {
        fields: { email: msg("buybackOffice.companies.errors.hasAccount") },
      });
    }
    const [waiting] = await tx
      .select({ id: buybackInvitations.id })
      .from(buybackInvitations)
      .where(
        and(
          eq(buybackInvitations.email, email),
          isNull(buybackInvitations.acceptedAt),
          gt(buybackInvitations.expiresAt, now),
        ),
      )
      .limit(1);
    if (waiting) {
      throw new AppError("CONFLICT", {
        fields: { email: msg("buybackOffice.companies.errors.alreadyInvited") },
      });
    }
    const [row] = await tx
      .insert(buybackInvitations)
      .values({
        companyId: company.id,
        email,
        tokenHash: keyedHash(ctx.secret, token),
        invitedBy: operator.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: buybackInvitations.id });
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite",
        target: { type: "buyback_invitation", id: row!.id },
        changes: diffFields(null, { companyId: company.id, email, expiresAt }),
        meta: o.meta,
      },
    );
    return { id: row!.id, companyName: company.name };
  });
  await mailInvitation(ctx, { email, companyName, token, expiresAt });
  return { invitationId: id, email };
}
