import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { requireBotCheck } from "./bot-check.ts";
import { issueChallenge, reissueChallenge } from "./challenges.ts";
import { FIELD_LABELS, ZStartSignup } from "./fields.ts";
import { signupCodeMail, signupExistingAccountMail } from "./mails.ts";
import { hashPassword } from "./passwords.ts";

export type TStartSignup = z.input<typeof ZStartSignup>;

/**
 * First step of sign-up: mails a 6-digit code and a link to the address. The answer is the same
 * whether or not the address already has an account; such an address gets a "you already have an
 * account" mail instead, so nobody can learn who is registered. Needs the bot check's token.
 */
export async function startSignup(
  ctx: CoreContext,
  o: { input: TStartSignup; locale: Locale; ip: string; botCheckToken: string | null | undefined },
): Promise<{ ticket: string; email: string }> {
  const { email, password } = parseInput(ZStartSignup, o.input, FIELD_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "signup", ip: o.ip });
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const base = `${ctx.publicUrl}/${o.locale}`;
  if (existing) {
    const issued = await issueChallenge(ctx, {
      purpose: "signup",
      destination: email,
      ip: o.ip,
      withCode: false,
      withLink: false,
    });
    await ctx.mailer.send(
      signupExistingAccountMail(email, o.locale, `${base}/login/`, `${base}/reset-password/`),
    );
    return { ticket: issued.ticket, email };
  }
  const passwordHash = await hashPassword(password);
  const issued = await issueChallenge(ctx, {
    purpose: "signup",
    destination: email,
    ip: o.ip,
    withCode: true,
    withLink: true,
    payload: { passwordHash, locale: o.locale },
  });
  const link = `${base}/signup/user-info/?token=${issued.linkToken}`;
  await ctx.mailer.send(signupCodeMail(email, o.locale, issued.code!, link));
  return { ticket: issued.ticket, email };
}

/**
 * 「確認コードを再送する」: mails the sign-up's address a new code and link (the old ones stop
 * working), or, for an address that already has an account, the same "you already have an
 * account" mail again, so the answer still tells nobody who is registered. Limited to once a
 * minute and by the hourly limits of a first sending.
 */
export async function resendSignupCode(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; locale: Locale; ip: string },
): Promise<{ email: string }> {
  const reissued = await reissueChallenge(ctx, { purpose: "signup", ticket: o.ticket, ip: o.ip });
  if (!reissued) throw new AppError("NOT_FOUND", { message: msg("signup.expired") });
  const { challenge, code, linkToken } = reissued;
  const email = challenge.destination;
  const base = `${ctx.publicUrl}/${o.locale}`;
  if (code && linkToken) {
    const link = `${base}/signup/user-info/?token=${linkToken}`;
    await ctx.mailer.send(signupCodeMail(email, o.locale, code, link));
  } else {
    await ctx.mailer.send(
      signupExistingAccountMail(email, o.locale, `${base}/login/`, `${base}/reset-password/`),
    );
  }
  return { email };
}
