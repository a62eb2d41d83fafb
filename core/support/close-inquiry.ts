import { supportInquiries } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import type { InquiryState } from "./inquiry-states.ts";
import { INQUIRY_MACHINE } from "./inquiry-states.ts";
import { loadInquiry, loadOwnInquiry } from "./load-inquiry.ts";

/**
 * Closes an inquiry: the member who asked it (`as: "member"`), or an operator with `support:answer`
 * (`as: "operator"`: audited, and its queue claim ends with it).
 */
export async function closeInquiry(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    inquiryId: number;
    as: "member" | "operator";
    reason?: string | undefined;
    meta?: RequestMeta | undefined;
  },
): Promise<{ id: number; state: InquiryState }> {
  if (!o.actor) throw new AppError("UNAUTHORIZED");
  const actor = o.actor;
  if (o.as === "member") {
    return ctx.db.transaction(async (tx) => {
      const inquiry = await loadOwnInquiry(tx, actor, o.inquiryId, true);
      const { to } = await changeState(
        { db: tx, clock: ctx.clock },
        {
          machine: INQUIRY_MACHINE,
          table: supportInquiries,
          id: inquiry.id,
          from: inquiry.state,
          action: "close",
          actor: { role: "member", id: actor.id },
        },
      );
      await clearClaim(tx, "support", inquiry.id);
      return { id: inquiry.id, state: to };
    });
  }
  const operator = await authorize(ctx, actor, "support:answer");
  return ctx.db.transaction(async (tx) => {
    const inquiry = await loadInquiry(tx, o.inquiryId, true);
    const { from, to } = await changeState(
      { db: tx, clock: ctx.clock },
      {
        machine: INQUIRY_MACHINE,
        table: supportInquiries,
        id: inquiry.id,
        from: inquiry.state,
        action: "close",
        actor: { role: "operator", id: operator.id },
        reason: o.reason ?? null,
      },
    );
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "support:close",
        target: { type: "support_inquiry", id: inquiry.id },
        changes: { state: [from, to] },
        reason: o.reason ?? null,
        meta: o.meta,
      },
    );
    await clearClaim(tx, "support", inquiry.id);
    return { id: inquiry.id, state: to };
  });
}
