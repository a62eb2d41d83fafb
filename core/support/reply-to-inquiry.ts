import { supportInquiries, supportMessages } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { ZReplyInput } from "./fields.ts";
import { removeInquiryPhotos, storeInquiryPhotos } from "./inquiry-photos.ts";
import { INQUIRY_MACHINE, type InquiryState } from "./inquiry-states.ts";
import { loadOwnInquiry } from "./load-inquiry.ts";

/**
 * The member writes on their own inquiry (with up to three photos): after an answer it goes back
 * to the support queue (ANSWERED → OPEN); while it still waits, the message joins the thread and
 * the inquiry stays OPEN. A closed inquiry must be reopened first.
 */
export async function replyToInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser; inquiryId: number; input: unknown; photos?: readonly Uint8Array[] },
): Promise<{ id: number; state: InquiryState; messageId: number }> {
  const { body } = parseInput(ZReplyInput, o.input, { body: msg("support.fields.reply") });
  // Refuse a stranger's or a closed inquiry before storing any photo.
  const before = await loadOwnInquiry(ctx.db, o.actor, o.inquiryId);
  nextState(INQUIRY_MACHINE, before.state, "reply", "member");
  const photoKeys = await storeInquiryPhotos(ctx, { userId: o.actor.id, photos: o.photos ?? [] });
  try {
    return await ctx.db.transaction(async (tx) => {
      const inquiry = await loadOwnInquiry(tx, o.actor, o.inquiryId, true);
      const now = ctx.clock.now();
      const { to } = await changeState(
        { db: tx, clock: ctx.clock },
        {
          machine: INQUIRY_MACHINE,
          table: supportInquiries,
          id: inquiry.id,
          from: inquiry.state,
          action: "reply",
          actor: { role: "member", id: o.actor.id },
          set: { lastMessageAt: now },
        },
      );
      const [message] = await tx
        .insert(supportMessages)
        .values({
          inquiryId: inquiry.id,
          authorId: o.actor.id,
          fromStaff: false,
          body,
          photoKeys,
          createdAt: now,
        })
        .returning({ id: supportMessages.id });
      return { id: inquiry.id, state: to, messageId: message!.id };
    });
  } catch (error) {
    await removeInquiryPhotos(ctx, photoKeys);
    throw error;
  }
}
