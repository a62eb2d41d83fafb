import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  items,
  moderationDecisions,
  supportInquiries,
  supportMessages,
  transactions,
} from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isAppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { recordCreation } from "../state/change-state.ts";
import { SUPPORT_LABELS, ZInquiryInput } from "./fields.ts";
import { removeInquiryPhotos, storeInquiryPhotos } from "./inquiry-photos.ts";
import { INQUIRY_MACHINE } from "./inquiry-states.ts";

/** Enough for anyone with real trouble; a script filling the queue stops here. */
const INQUIRIES_PER_MEMBER_PER_DAY = 20;

/**
 * A member asks support something: a category, a subject and a message, optionally about one of
 * their own transactions, a listing, or a moderation decision about them (an appeal), with up to
 * three photos kept privately. The inquiry waits in the support queue (OPEN).
 */
export async function createInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser; input: unknown; photos?: readonly Uint8Array[]; locale: Locale },
): Promise<{ id: number; state: "OPEN" }> {
  // The related things are checked even when another field is wrong, so the form shows every
  // message at once.
  let fields: Record<string, Message> = {};
  let input: z.output<typeof ZInquiryInput> | null = null;
  try {
    input = parseInput(ZInquiryInput, o.input, SUPPORT_LABELS);
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    fields = { ...error.fields };
  }
  const refs = ZInquiryRefs.safeParse(o.input);
  if (refs.success) Object.assign(fields, await checkReferences(ctx, o.actor, refs.data));
  if (!input || Object.keys(fields).length > 0) throw new AppError("VALIDATION", { fields });
  await consumeRateLimits(ctx, [
    { key: `support:user:${o.actor.id}`, max: INQUIRIES_PER_MEMBER_PER_DAY, windowSeconds: 24 * 3600 },
  ]);

  const photoKeys = await storeInquiryPhotos(ctx, { userId: o.actor.id, photos: o.photos ?? [] });
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [row] = await tx
        .insert(supportInquiries)
        .values({
          userId: o.actor.id,
          category: input.category,
          transactionId: input.transactionId ?? null,
          itemId: input.itemId ?? null,
          decisionId: input.decisionId ?? null,
          subject: input.subject,
          state: "OPEN",
          locale: o.locale,
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: supportInquiries.id });
      const id = row!.id;
      await tx.insert(supportMessages).values({
        inquiryId: id,
        authorId: o.actor.id,
        fromStaff: false,
        body: input.body,
        photoKeys,
        createdAt: now,
      });
      await recordCreation(
        { db: tx, clock: ctx.clock },
        { machine: INQUIRY_MACHINE, id, state: "OPEN", actor: { role: "member", id: o.actor.id } },
      );
      return { id, state: "OPEN" as const };
    });
  } catch (error) {
    await removeInquiryPhotos(ctx, photoKeys);
    throw error;
  }
}

const ZInquiryRefs = ZInquiryInput.pick({ transactionId: true, itemId: true, decisionId: true });

/**
 * The transaction must be the member's (as buyer or seller), the listing must exist, and the
 * decision appealed must be about the member; anything else is told as not found.
 */
async function checkReferences(
  ctx: Pick<CoreContext, "db">,
  actor: SessionUser,
  refs: z.output<typeof ZInquiryRefs>,
): Promise<Record<string, Message>> {
  const fields: Record<string, Message> = {};
  if (refs.transactionId) {
    const [t] = await ctx.db
      .select({ buyerId: transactions.buyerId, sellerId: transactions.sellerId })
      .from(transactions)
      .where(eq(transactions.id, refs.transactionId));
    if (!t || (t.buyerId !== actor.id && t.sellerId !== actor.id)) {
      fields.transactionId = msg("support.errors.transaction");
    }
  }
  if (refs.itemId) {
    const [item] = await ctx.db.select({ id: items.id }).from(items).where(eq(items.id, refs.itemId));
    if (!item) fields.itemId = msg("support.errors.item");
  }
  if (refs.decisionId) {
    const [decision] = await ctx.db
      .select({ memberId: moderationDecisions.memberId })
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, refs.decisionId));
    if (!decision || decision.memberId !== actor.id) fields.decisionId = msg("support.errors.decision");
  }
  return fields;
}
