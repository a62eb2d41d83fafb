import { eq } from "drizzle-orm";
import { buyerApplications } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { MailMessage } from "../notify/mailer.ts";
import type { CoreContext } from "../shared/context.ts";
import { prefectureNameJa } from "../shared/prefectures.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { BUYER_APPLICATION_MACHINE } from "./buyer-application-states.ts";
import { APPLICATION_TARGET, lockedApplication } from "./buyer-applications.ts";
import { createBuyerCompany } from "./create-buyer-company.ts";
import { inviteBuyer } from "./invite-buyer.ts";

/** The licence as the company's record and the dealer ledger write it: 東京都公安委員会 第301010000001号. */
function dealerLicence(o: { licenceCommission: string; licenceNumber: string }): string {
  return `${prefectureNameJa(o.licenceCommission)}公安委員会 第${o.licenceNumber}号`;
}

/**
 * An operator approves a pending application (`buyback:manage`): the buyer company is made from it
 * and its contact invited, through the same use cases (and audit entries) as when an operator adds
 * a company and invites someone by hand; the application becomes APPROVED by its machine, audited.
 * All of it is one database transaction: an address that already has an account refuses the
 * invitation and nothing is kept. The invitation mail leaves once the transaction is committed.
 */
export async function approveBuyerApplication(
  ctx: CoreContext,
  o: { actor: SessionUser | null; applicationId: number; meta?: RequestMeta | undefined },
): Promise<{ companyId: number; invitationId: number }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const outbox: MailMessage[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const application = await lockedApplication(tx, o.applicationId);
    const deps = { db: tx, clock: ctx.clock };
    await changeState(deps, {
      machine: BUYER_APPLICATION_MACHINE,
      table: buyerApplications,
      id: application.id,
      from: application.state,
      action: "approve",
      actor: { role: "operator", id: operator.id },
    });
    const held = {
      kind: ctx.mailer.kind,
      send: async (m: MailMessage) => {
        outbox.push(m);
      },
    };
    const inner: CoreContext = { ...ctx, db: tx, mailer: held };
    const company = await createBuyerCompany(inner, {
      actor: o.actor,
      input: {
        name: application.companyName,
        invoiceNumber: "",
        address: application.address,
        phone: application.phone,
        dealerLicence: dealerLicence(application),
      },
      meta: o.meta,
    });
    const { invitationId } = await inviteBuyer(inner, {
      actor: o.actor,
      companyId: company.id,
      input: { email: application.email },
      meta: o.meta,
    });
    const now = ctx.clock.now();
    await tx
      .update(buyerApplications)
      .set({ companyId: company.id, decidedBy: operator.id, decidedAt: now })
      .where(eq(buyerApplications.id, application.id));
    await recordAudit(deps, {
      operator,
      action: "buyback:application_approve",
      target: { type: APPLICATION_TARGET, id: application.id },
      changes: { state: ["PENDING", "APPROVED"], companyId: [null, company.id] },
      meta: o.meta,
    });
    return { companyId: company.id, invitationId };
  });
  for (const mail of outbox) await ctx.mailer.send(mail);
  return result;
}
