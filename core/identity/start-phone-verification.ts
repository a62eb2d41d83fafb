import { and, eq, isNotNull, ne } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { sendSms } from "../notify/send-sms.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { issueChallenge } from "./challenges.ts";
import { PHONE_FIELD_LABELS, type TPhoneNumberInput, ZPhoneNumberInput } from "./phone-fields.ts";
import type { SessionUser } from "./sessions.ts";

/** SMS cost money and reach someone's phone: besides the per-number and per-network limits. */
const SMS_CODES_PER_MEMBER_PER_DAY = 10;

export const PHONE_TAKEN: Message = msg("account.errors.phoneTaken");
const PHONE_ALREADY_YOURS: Message = msg("account.errors.phoneAlreadyYours");

/** Whether another member has already proven this number; one number belongs to one account. */
export async function phoneTakenByOther(
  ctx: Pick<CoreContext, "db">,
  phoneNumber: string,
  userId: number,
): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNotNull(users.phoneVerifiedAt), ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

function smsText(code: string, locale: Locale): string {
  return renderMessage(msg("account.sms.code", { code }), locale);
}

/** Texts a 6-digit code to the member's mobile number; the ticket continues the flow. */
export async function startPhoneVerification(
  ctx: CoreContext,
  o: { actor: SessionUser; input: TPhoneNumberInput; locale: Locale; ip: string },
): Promise<{ ticket: string; phoneNumber: string }> {
  const { phoneNumber } = parseInput(ZPhoneNumberInput, o.input, PHONE_FIELD_LABELS);
  const [me] = await ctx.db
    .select({ phoneNumber: users.phoneNumber, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, o.actor.id))
    .limit(1);
  if (me?.phoneVerifiedAt && me.phoneNumber === phoneNumber) {
    throw new AppError("VALIDATION", { fields: { phoneNumber: PHONE_ALREADY_YOURS } });
  }
  if (await phoneTakenByOther(ctx, phoneNumber, o.actor.id)) {
    throw new AppError("VALIDATION", { fields: { phoneNumber: PHONE_TAKEN } });
  }
  await consumeRateLimits(ctx, [
    { key: `sms:user:${o.actor.id}`, max: SMS_CODES_PER_MEMBER_PER_DAY, windowSeconds: 24 * 3600 },
  ]);
  const issued = await issueChallenge(ctx, {
    purpose: "phone_verify",
    channel: "sms",
    destination: phoneNumber,
    userId: o.actor.id,
    ip: o.ip,
    withCode: true,
    withLink: false,
  });
  await sendSms(ctx, {
    to: phoneNumber,
    text: smsText(issued.code!, o.locale),
    purpose: "phone_verification",
  });
  return { ticket: issued.ticket, phoneNumber };
}
