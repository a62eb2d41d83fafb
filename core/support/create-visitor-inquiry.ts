import { supportInquiries, supportMessages } from "#db/schema/index.ts";
import { requireBotCheck } from "../identity/bot-check.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { recordCreation } from "../state/change-state.ts";
import { VISITOR_INQUIRY_LABELS, ZVisitorInquiryInput } from "./fields.ts";
import { INQUIRY_MACHINE } from "./inquiry-states.ts";

/** Enough for anyone with a real question; a script filling the queue stops here. */
const VISITOR_LIMITS = { perIpPerHour: 5, perAddressPerDay: 5 };

/**
 * A visitor asks support from the help centre's contact form: their name, the address to answer,
 * a category, a subject and the question. Needs the bot check's token; 5 an hour per network and
 * 5 a day per address. The inquiry waits in the support queue (OPEN) marked as a visitor's, and the
 * office's answer goes to the address by mail, in the language of the page it was asked from.
 */
export async function createVisitorInquiry(
  ctx: CoreContext,
  o: { input: unknown; locale: Locale; ip: string; botCheckToken: string | null | undefined },
): Promise<{ id: number; state: "OPEN"; email: string }> {
  const input = parseInput(ZVisitorInquiryInput, o.input, VISITOR_INQUIRY_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "contact", ip: o.ip });
  await consumeRateLimits(ctx, [
    { key: `contact:ip:${o.ip}`, max: VISITOR_LIMITS.perIpPerHour, windowSeconds: 3600 },
    { key: `contact:to:${input.email}`, max: VISITOR_LIMITS.perAddressPerDay, windowSeconds: 24 * 3600 },
  ]);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(supportInquiries)
      .values({
        userId: null,
        visitorName: input.name,
        visitorEmail: input.email,
        category: input.category,
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
      authorId: null,
      fromStaff: false,
      body: input.body,
      createdAt: now,
    });
    await recordCreation(
      { db: tx, clock: ctx.clock },
      { machine: INQUIRY_MACHINE, id, state: "OPEN", actor: { role: "visitor", id: null } },
    );
    return { id, state: "OPEN" as const, email: input.email };
  });
}
