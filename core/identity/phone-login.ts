import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import { sendSms } from "../notify/send-sms.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { requireBotCheck } from "./bot-check.ts";
import { consumeChallenge, findChallenge, issueChallenge, verifyChallengeCode } from "./challenges.ts";
import { PHONE_FIELD_LABELS, type TPhoneNumberInput, ZPhoneCode, ZPhoneNumberInput } from "./phone-fields.ts";
import { twoStepStatus } from "./two-step.ts";
import { countLoginAttemptFor, finishSignIn } from "./two-step-login.ts";

const EXPIRED_CODE = msg("identity.errors.expiredCode");

/**
 * Texts a 6-digit code for signing in to a mobile number some member has verified (decision 038).
 * Needs the bot check's token (texts cost money and reach someone's phone), and counts against the
 * limits of every code sent: 5 an hour per number, and a per-network limit. A number no member has
 * verified gets the same answer, a ticket, and the same limits, but no text: no code works for it,
 * so the answer never tells whether a number is registered.
 */
export async function startPhoneLogin(
  ctx: CoreContext,
  o: {
    input: TPhoneNumberInput;
    locale: Locale;
    ip: string;
    botCheckToken: string | null | undefined;
  },
): Promise<{ ticket: string; phoneNumber: string }> {
  const { phoneNumber } = parseInput(ZPhoneNumberInput, o.input, PHONE_FIELD_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "phone_login", ip: o.ip });
  const [member] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNotNull(users.phoneVerifiedAt)))
    .limit(1);
  const issued = await issueChallenge(ctx, {
    purpose: "phone_login",
    channel: "sms",
    destination: phoneNumber,
    userId: member?.id,
    ip: o.ip,
    withCode: Boolean(member),
    withLink: false,
  });
  if (issued.code) {
    await sendSms(ctx, {
      to: phoneNumber,
      text: renderMessage(msg("phoneLogin.sms.code", { code: issued.code }), o.locale),
      purpose: "phone_login",
    });
  }
  return { ticket: issued.ticket, phoneNumber };
}

/**
 * The texted code for a ticket: used once, within 10 minutes; the fifth wrong guess kills it, and
 * every guess counts against the sign-in limits of the network and of the number. A right code
 * opens a session (a bearer token for the API), or, when the member also uses an authenticator,
 * answers a ticket for the second step like a password does. SMS as the only second step is what
 * the code just proved, so it is enough. A suspended member is refused once the code is right.
 */
export async function completePhoneLogin(
  ctx: CoreContext,
  o: {
    ticket: string | null | undefined;
    input: z.input<typeof ZPhoneCode>;
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    userAgent?: string | undefined;
  },
) {
  const { code } = parseInput(ZPhoneCode, o.input, PHONE_FIELD_LABELS);
  const open = await findChallenge(ctx, "phone_login", o.ticket);
  await countLoginAttemptFor(ctx, open ? `phone:${open.destination}` : null, o.ip);
  const challenge = await verifyChallengeCode(ctx, { purpose: "phone_login", ticket: o.ticket ?? "", code });
  // Used once: two requests with the same ticket cannot both open a session.
  if (!(await consumeChallenge(ctx, challenge.id))) {
    throw new AppError("VALIDATION", { fields: { code: EXPIRED_CODE } });
  }
  const [user] = challenge.userId
    ? await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1)
    : [];
  // The number must still be the member's, verified, as when the code was sent.
  if (!user || user.phoneNumber !== challenge.destination || !user.phoneVerifiedAt) {
    throw new AppError("VALIDATION", { fields: { code: EXPIRED_CODE } });
  }
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  // An operator's second step is the authenticator: a phone alone never opens the back office.
  if (user.role === "operator" && !(await twoStepStatus(ctx, user.id)).totp) {
    throw new AppError("FORBIDDEN", { message: msg("phoneLogin.errors.operatorUsesPassword") });
  }
  return finishSignIn(ctx, {
    user,
    kind: o.kind,
    persistent: o.persistent,
    ip: o.ip,
    userAgent: o.userAgent,
    secondStep: true,
    phoneProven: true,
  });
}
