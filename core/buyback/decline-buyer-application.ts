import { buyerApplications } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { DECLINE_LABELS, ZDeclineApplication } from "./buyer-application-fields.ts";
import { applicationDeclinedMail } from "./buyer-application-mails.ts";
import { BUYER_APPLICATION_MACHINE } from "./buyer-application-states.ts";
import { APPLICATION_TARGET, lockedApplication } from "./buyer-applications.ts";

/**
 * An operator declines a pending application (`buyback:manage`) with a reason (required, up to
 * 1,000 characters): DECLINED by its machine, audited with the reason, and the reason mailed to the
 * company's contact in the language it applied in once the change is committed.
 */
export async function declineBuyerApplication(
  ctx: CoreContext,
  o: { actor: SessionUser | null; applicationId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const { reason } = parseInput(ZDeclineApplication, o.input, DECLINE_LABELS);
  const application = await ctx.db.transaction(async (tx) => {
    const row = await lockedApplication(tx, o.applicationId);
    const deps = { db: tx, clock: ctx.clock };
    await changeState(deps, {
      machine: BUYER_APPLICATION_MACHINE,
      table: buyerApplications,
      id: row.id,
      from: row.state,
      action: "decline",
      actor: { role: "operator", id: operator.id },
      reason,
      set: { declineReason: reason, decidedBy: operator.id, decidedAt: ctx.clock.now() },
    });
    await recordAudit(deps, {
      operator,
      action: "buyback:application_decline",
      target: { type: APPLICATION_TARGET, id: row.id },
      changes: { state: ["PENDING", "DECLINED"] },
      reason,
      meta: o.meta,
    });
    return row;
  });
  await ctx.mailer.send(
    applicationDeclinedMail(application.email, application.locale === "en" ? "en" : "ja", {
      id: application.id,
      companyName: application.companyName,
      contactName: application.contactName,
      reason,
    }),
  );
}
