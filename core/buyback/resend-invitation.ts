import { eq } from "drizzle-orm";
import { buybackCompanies, buybackInvitations } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { keyedHash, newToken } from "../shared/secrets.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { DAY_MS, INVITATION_DAYS, lockedInvitation, mailInvitation } from "./buyer-invitations.ts";

/**
 * Sends an unused invitation again (`buyback:manage`): a new link for another 7 days; the old link
 * stops working.
 */
export async function resendInvitation(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    companyId: number;
    invitationId: number;
    meta?: RequestMeta | undefined;
  },
): Promise<{ email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const sent = await ctx.db.transaction(async (tx) => {
    const before = await lockedInvitation(tx, o);
    const [company] = await tx
      .select({ name: buybackCompanies.name })
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, before.companyId));
    await tx
      .update(buybackInvitations)
      .set({ tokenHash: keyedHash(ctx.secret, token), createdAt: now, expiresAt, invitedBy: operator.id })
      .where(eq(buybackInvitations.id, before.id));
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite_resend",
        target: { type: "buyback_invitation", id: before.id },
        changes: diffFields({ expiresAt: before.expiresAt }, { expiresAt }),
        meta: o.meta,
      },
    );
    return { email: before.email, companyName: company!.name };
  });
  await mailInvitation(ctx, { ...sent, token, expiresAt });
  return { email: sent.email };
}
