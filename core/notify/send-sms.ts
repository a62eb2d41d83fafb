import { and, eq, inArray } from "drizzle-orm";
import { smsMessages } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { oncePerEvent } from "../shared/provider-events.ts";
import { type SmsDelivery, toJapaneseE164 } from "./sms.ts";

export type SmsPurpose = (typeof smsMessages.$inferInsert)["purpose"];

/**
 * Sends one text message through the configured provider and keeps its delivery record (the
 * provider's id, what it was for, the number's last four digits), which the provider's status
 * callbacks bring up to date.
 */
export async function sendSms(
  ctx: Pick<CoreContext, "db" | "clock" | "sms">,
  o: { to: string; text: string; purpose: SmsPurpose },
): Promise<void> {
  const sent = await ctx.sms.send({ to: o.to, text: o.text });
  const now = ctx.clock.now();
  await ctx.db
    .insert(smsMessages)
    .values({
      provider: ctx.sms.name,
      providerId: sent.id,
      purpose: o.purpose,
      toLast4: toJapaneseE164(o.to).slice(-4),
      status: sent.status,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The states a message may still leave for `status`: delivery only ever moves forward. */
const EARLIER: Record<SmsDelivery, SmsDelivery[]> = {
  queued: [],
  sent: ["queued"],
  delivered: ["queued", "sent"],
  failed: ["queued", "sent"],
};

/**
 * A provider's verified status callback: the same word about the same message delivered again is
 * a replay (UNAUTHORIZED, nothing changes); otherwise it is recorded. Answers whether it moved.
 */
export function receiveSmsStatus(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { provider: string; id: string; status: SmsDelivery; errorCode: string | null },
): Promise<boolean> {
  return oncePerEvent(ctx, { provider: o.provider, id: `${o.id}:${o.status}`, type: "sms.status" }, () =>
    recordSmsStatus(ctx, o),
  );
}

/**
 * A provider's word about a message's delivery. A late word changes nothing; a message we never
 * sent is ignored. Answers whether the record moved.
 */
async function recordSmsStatus(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { provider: string; id: string; status: SmsDelivery; errorCode: string | null },
): Promise<boolean> {
  const earlier = EARLIER[o.status];
  if (earlier.length === 0) return false;
  const moved = await ctx.db
    .update(smsMessages)
    .set({ status: o.status, errorCode: o.errorCode, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(smsMessages.provider, o.provider),
        eq(smsMessages.providerId, o.id),
        inArray(smsMessages.status, earlier),
      ),
    )
    .returning({ id: smsMessages.id });
  return moved.length > 0;
}
