import { eq } from "drizzle-orm";
import { buybackInvitations } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { lockedInvitation } from "./buyer-invitations.ts";

/** Withdraws an unused invitation (`buyback:manage`): its link stops working; the audit log keeps it. */
export async function cancelInvitation(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    companyId: number;
    invitationId: number;
    meta?: RequestMeta | undefined;
  },
): Promise<{ email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  return ctx.db.transaction(async (tx) => {
    const before = await lockedInvitation(tx, o);
    await tx.delete(buybackInvitations).where(eq(buybackInvitations.id, before.id));
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite_cancel",
        target: { type: "buyback_invitation", id: before.id },
        changes: diffFields(
          { companyId: before.companyId, email: before.email, expiresAt: before.expiresAt },
          null,
        ),
        meta: o.meta,
      },
    );
    return { email: before.email };
  });
}
