import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeChallenge, issueChallenge, verifyChallengeCode } from "./challenges.ts";
import { EMAIL_TAKEN } from "./complete-signup.ts";
import { CURRENT_PASSWORD_WRONG, FIELD_LABELS, ZConfirmEmailChange, ZRequestEmailChange } from "./fields.ts";
import { emailChangeCodeMail, emailChangedNoticeMail } from "./mails.ts";
import { verifyPassword } from "./passwords.ts";
import type { SessionUser } from "./sessions.ts";

const SAME_EMAIL = msg("identity.errors.sameEmail");

/** Needs the current password; mails a code to the new address to prove it. */
export async function requestEmailChange(
  ctx: CoreContext,
  o: { actor: SessionUser; input: z.input<typeof ZRequestEmailChange>; locale: Locale; ip: string },
): Promise<{ ticket: string; email: string }> {
  const { email, currentPassword } = parseInput(ZRequestEmailChange, o.input, FIELD_LABELS);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, o.actor.id)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("VALIDATION", { fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
  }
  if (email === user.email) throw new AppError("VALIDATION", { fields: { email: SAME_EMAIL } });
  const issued = await issueChallenge(ctx, {
    purpose: "email_change",
    destination: email,
    userId: user.id,
    ip: o.ip,
    withCode: true,
    withLink: false,
  });
  await ctx.mailer.send(emailChangeCodeMail(email, o.locale, issued.code!));
  return { ticket: issued.ticket, email };
}

/** Confirms the code sent to the new address, switches to it and tells the old address. */
export async function confirmEmailChange(
  ctx: CoreContext,
  o: { actor: SessionUser; ticket: string; input: z.input<typeof ZConfirmEmailChange> },
): Promise<{ email: string }> {
  const { code } = parseInput(ZConfirmEmailChange, o.input, FIELD_LABELS);
  const challenge = await verifyChallengeCode(ctx, { purpose: "email_change", ticket: o.ticket, code });
  if (challenge.userId !== o.actor.id) throw new AppError("FORBIDDEN");
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, challenge.destination), ne(users.id, o.actor.id)))
    .limit(1);
  if (taken) throw new AppError("CONFLICT", { message: EMAIL_TAKEN });
  if (!(await consumeChallenge(ctx, challenge.id))) throw new AppError("CONFLICT");
  const now = ctx.clock.now();
  await ctx.db
    .update(users)
    .set({ email: challenge.destination, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, o.actor.id));
  await ctx.mailer.send(emailChangedNoticeMail(o.actor.email, o.actor.locale, challenge.destination));
  return { email: challenge.destination };
}
