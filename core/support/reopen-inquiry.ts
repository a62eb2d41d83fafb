import { supportInquiries } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { changeState } from "../state/change-state.ts";
import { INQUIRY_MACHINE, type InquiryState } from "./inquiry-states.ts";
import { loadOwnInquiry } from "./load-inquiry.ts";

/**
 * The member reopens their closed inquiry: it goes back to the support queue (OPEN), its waiting
 * time counted from now.
 */
export async function reopenInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser; inquiryId: number },
): Promise<{ id: number; state: InquiryState }> {
  return ctx.db.transaction(async (tx) => {
    const inquiry = await loadOwnInquiry(tx, o.actor, o.inquiryId, true);
    const { to } = await changeState(
      { db: tx, clock: ctx.clock },
      {
        machine: INQUIRY_MACHINE,
        table: supportInquiries,
        id: inquiry.id,
        from: inquiry.state,
        action: "reopen",
        actor: { role: "member", id: o.actor.id },
        set: { lastMessageAt: ctx.clock.now() },
      },
    );
    return { id: inquiry.id, state: to };
  });
}
