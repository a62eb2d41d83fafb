import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { challenges, users } from "#db/schema/index.ts";
import { sendSms } from "../notify/send-sms.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, newNumericCode, newToken, sameHash } from "../shared/secrets.ts";
import { maxLength, required, text } from "../shared/validation/index.ts";
import { findChallenge } from "./challenges.ts";
import { FIELD_LABELS } from "./fields.ts";
import { mailIfNewDevice } from "./new-device-mail.ts";
import { createSession } from "./sessions.ts";
import {
  INVALID_TWO_STEP_CODE,
  type TwoStepStatus,
  twoStepOn,
  twoStepStatus,
  useRecoveryCode,
  useTotpCode,
} from "./two-step.ts";

/** The second step must follow the password within 10 minutes, and five wrong codes end it. */
const TICKET_TTL_MS = 10 * 60 * 1000;
const MAX_WRONG_CODES = 5;
/** Each code typed counts against the same limits as a password typed (decision 033). */
export const LOGIN_LIMITS = { perIp: 30, perAddress: 10, windowSeconds: 15 * 60 };
const SMS_CODES_PER_NUMBER_PER_HOUR = 5;
const SMS_CODES_PER_IP_PER_HOUR = 30;

const TICKET_EXPIRED = msg("twoStep.errors.ticketExpired");

/** An authenticator code (6 digits) or a recovery code (10 letters and digits, a hyphen allowed). */
export const ZTwoStepCode = z.object({ code: text(required(), maxLength(32)) });

export type TwoStepMethods = { totp: boolean; sms: boolean; phoneHint: string | null };

/** Counts one sign-in attempt (a password or a code typed) against the address's and network's limits. */
export async function countLoginAttempt(ctx: CoreContext, email: string, ip: string): Promise<void> {
  await countLoginAttemptFor(ctx, `address:${email}`, ip);
}

/**
 * Counts one sign-in attempt against the network's limit and the limit of whatever the attempt
 * names (`address:…` for an email address, `phone:…` for a mobile number), when it names one.
 */
export async function countLoginAttemptFor(ctx: CoreContext, who: string | null, ip: string): Promise<void> {
  const { windowSeconds } = LOGIN_LIMITS;
  await consumeRateLimits(ctx, [
    { key: `login:ip:${ip}`, max: LOGIN_LIMITS.perIp, windowSeconds },
    ...(who ? [{ key: `login:${who}`, max: LOGIN_LIMITS.perAddress, windowSeconds }] : []),
  ]);
}

/** Only the last digits of the number the code goes to, as the page shows it: "•••• 5678". */
function phoneHint(phoneNumber: string | null): string | null {
  return phoneNumber ? `•••• ${phoneNumber.slice(-4)}` : null;
}

/** The ways a member with this status can prove the second step. */
function methodsOf(status: TwoStepStatus): TwoStepMethods {
  return { totp: status.totp, sms: status.sms, phoneHint: phoneHint(status.phoneNumber) };
}

/**
 * What may prove the second step of a sign-in: after a code texted to the phone (decision 038), a
 * code texted to that same phone would prove nothing more, so SMS is not offered again.
 */
async function secondStepStatus(
  ctx: CoreContext,
  userId: number,
  phoneProven: boolean,
): Promise<TwoStepStatus> {
  const status = await twoStepStatus(ctx, userId);
  return phoneProven ? { ...status, sms: false } : status;
}

function phoneProvenOf(payload: unknown): boolean {
  return (payload as { phoneProven?: boolean } | null)?.phoneProven === true;
}

/**
 * The first factor was right (a password, or a code texted to the phone: `phoneProven`). For a
 * member with two-step verification on, no session yet but a ticket for the second step, good for
 * 10 minutes; what the member chose ("keep me logged in") rides on it. Null for a member without
 * two-step verification, or whose only second step was the phone just proven: the first is enough.
 */
async function startTwoStepIfOn(
  ctx: CoreContext,
  o: {
    user: { id: number; email: string };
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    phoneProven?: boolean;
  },
): Promise<{ ticket: string; methods: TwoStepMethods } | null> {
  const phoneProven = o.phoneProven === true;
  const status = await secondStepStatus(ctx, o.user.id, phoneProven);
  if (!twoStepOn(status)) return null;
  const ticket = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(challenges).values({
    purpose: "two_step",
    destination: o.user.email,
    userId: o.user.id,
    ticketHash: keyedHash(ctx.secret, ticket),
    payload: { kind: o.kind, persistent: o.persistent, ...(phoneProven ? { phoneProven } : {}) },
    ip: o.ip.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  });
  return { ticket, methods: methodsOf(status) };
}

/**
 * A first factor that was right: for a member with two-step verification on, the second step's
 * ticket; otherwise the session, with a mail when it is a new device. `secondStep: false` for a
 * first factor that is two already (a passkey that verified its user, decision 036). Every way in
 * (password, passkey, texted code, another provider) ends here.
 */
export async function finishSignIn<U extends { id: number; email: string; locale: Locale }>(
  ctx: CoreContext,
  o: {
    user: U;
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    userAgent?: string | undefined;
    secondStep: boolean;
    /** The first factor was a code texted to the member's verified phone (decision 038). */
    phoneProven?: boolean;
  },
) {
  const { user, kind, persistent, ip, userAgent, phoneProven } = o;
  const twoStep = o.secondStep
    ? await startTwoStepIfOn(ctx, { user, kind, persistent, ip, phoneProven })
    : null;
  if (twoStep) return { user, twoStep, token: null, expiresAt: null };
  const session = await createSession(ctx, { userId: user.id, kind, persistent, ip, userAgent });
  await mailIfNewDevice(ctx, { user, kind, token: session.token, ip, userAgent });
  return { user, twoStep: null, ...session };
}

/** The live second-step ticket: not used, not expired, fewer than five wrong codes. */
async function openTicket(ctx: CoreContext, ticket: string | null | undefined) {
  const row = await findChallenge(ctx, "two_step", ticket);
  return row?.userId && row.attempts < MAX_WRONG_CODES ? { ...row, userId: row.userId } : null;
}

/** The ways a live ticket's member can prove the second step; null when the ticket is over. */
export async function twoStepTicketMethods(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<TwoStepMethods | null> {
  const row = await openTicket(ctx, ticket);
  if (!row) return null;
  return methodsOf(await secondStepStatus(ctx, row.userId, phoneProvenOf(row.payload)));
}

/**
 * Texts a 6-digit code for the second step to the member's verified number, when they turned SMS
 * on. The limits of every code sent hold: 5 an hour per number, and a per-network limit.
 */
export async function sendTwoStepSms(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; ip: string; locale: Locale },
): Promise<{ phoneHint: string }> {
  const row = await openTicket(ctx, o.ticket);
  if (!row) throw new AppError("UNAUTHORIZED", { message: TICKET_EXPIRED });
  const status = await secondStepStatus(ctx, row.userId, phoneProvenOf(row.payload));
  if (!status.sms || !status.phoneNumber) {
    throw new AppError("CONFLICT", { message: msg("twoStep.errors.smsNotOn") });
  }
  await consumeRateLimits(ctx, [
    { key: `sms:to:${status.phoneNumber}`, max: SMS_CODES_PER_NUMBER_PER_HOUR, windowSeconds: 3600 },
    { key: `sms:ip:${o.ip}`, max: SMS_CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  const code = newNumericCode();
  await ctx.db
    .update(challenges)
    .set({ codeHash: keyedHash(ctx.secret, code), channel: "sms" })
    .where(eq(challenges.id, row.id));
  await sendSms(ctx, {
    to: status.phoneNumber,
    text: renderMessage(msg("twoStep.sms.code", { code }), o.locale),
    purpose: "two_step",
  });
  return { phoneHint: phoneHint(status.phoneNumber)! };
}

/**
 * The second step: an authenticator code (once only, within a step of the clock), a code texted for
 * this ticket, or an unused recovery code opens the session the password asked for. Every code
 * typed counts against the sign-in limits; the fifth wrong one ends the ticket (back to the password).
 */
export async function completeTwoStepLogin(
  ctx: CoreContext,
  o: {
    ticket: string | null | undefined;
    input: z.input<typeof ZTwoStepCode>;
    ip: string;
    userAgent?: string | undefined;
  },
) {
  const { code } = parseInput(ZTwoStepCode, o.input, FIELD_LABELS);
  const row = await openTicket(ctx, o.ticket);
  if (!row) throw new AppError("UNAUTHORIZED", { message: TICKET_EXPIRED });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new AppError("UNAUTHORIZED", { message: TICKET_EXPIRED });
  await countLoginAttempt(ctx, user.email, o.ip);
  const typed = code.replace(/\s/g, "");
  const ok =
    (await useTotpCode(ctx, user.id, typed)) ||
    (row.codeHash !== null &&
      /^\d{6}$/.test(typed) &&
      sameHash(row.codeHash, keyedHash(ctx.secret, typed))) ||
    (!/^\d{6}$/.test(typed) && (await useRecoveryCode(ctx, user.id, typed)));
  if (!ok) {
    const [counted] = await ctx.db
      .update(challenges)
      .set({ attempts: sql`${challenges.attempts} + 1` })
      .where(eq(challenges.id, row.id))
      .returning({ attempts: challenges.attempts });
    if ((counted?.attempts ?? MAX_WRONG_CODES) >= MAX_WRONG_CODES) {
      throw new AppError("UNAUTHORIZED", { message: TICKET_EXPIRED });
    }
    throw new AppError("VALIDATION", { fields: { code: INVALID_TWO_STEP_CODE } });
  }
  // Used once: two requests with the same ticket cannot both open a session.
  const consumed = await ctx.db
    .update(challenges)
    .set({ consumedAt: ctx.clock.now(), verifiedAt: ctx.clock.now() })
    .where(and(eq(challenges.id, row.id), isNull(challenges.consumedAt)))
    .returning({ id: challenges.id });
  if (consumed.length !== 1) throw new AppError("UNAUTHORIZED", { message: TICKET_EXPIRED });
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  const payload = row.payload as { kind?: "web" | "api"; persistent?: boolean };
  const kind = payload.kind === "api" ? "api" : "web";
  const persistent = payload.persistent === true;
  const session = await createSession(ctx, {
    userId: user.id,
    kind,
    persistent,
    ip: o.ip,
    userAgent: o.userAgent,
  });
  await mailIfNewDevice(ctx, { user, kind, token: session.token, ip: o.ip, userAgent: o.userAgent });
  return { user, persistent, ...session };
}
