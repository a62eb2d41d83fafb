import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { buybackBuyers, buybackInvitations, challenges, users } from "#db/schema/index.ts";
import { findChallenge, issueChallenge, verifyChallengeCode } from "../identity/challenges.ts";
import { EMAIL_TAKEN } from "../identity/complete-signup.ts";
import { createSession } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { BUYER_LABELS, ZBuyerSignupCode, ZBuyerSignupName } from "./buyer-fields.ts";
import { buyerSignupCodeMail } from "./buyer-mails.ts";
import { type Buyer, getBuyer } from "./buyers.ts";
import { openInvitation } from "./open-invitation.ts";

const INVITATION_CLOSED = msg("buybackBuyer.errors.invitationClosed");
const SIGNUP_NOT_STARTED = msg("buybackBuyer.errors.signupNotStarted");

async function openOrRefuse(ctx: CoreContext, token: string) {
  const link = await openInvitation(ctx, token);
  if (link.status !== "open") throw new AppError("FORBIDDEN", { message: INVITATION_CLOSED });
  return link;
}

/**
 * First step of joining a buyer company from an invitation: the person's name, and a 6-digit code
 * mailed to the invited address to prove it is theirs (the same code rules as every other code).
 */
export async function startBuyerSignup(
  ctx: CoreContext,
  o: { token: string; input: z.input<typeof ZBuyerSignupName>; locale: Locale; ip: string },
): Promise<{ ticket: string; email: string }> {
  const { name } = parseInput(ZBuyerSignupName, o.input, BUYER_LABELS);
  const { invitation, companyName } = await openOrRefuse(ctx, o.token);
  const issued = await issueChallenge(ctx, {
    purpose: "signup",
    destination: invitation.email,
    ip: o.ip,
    withCode: true,
    withLink: false,
    payload: { buybackInvitationId: invitation.id, name, locale: o.locale },
  });
  await ctx.mailer.send(buyerSignupCodeMail(invitation.email, o.locale, issued.code!, companyName));
  return { ticket: issued.ticket, email: invitation.email };
}

/** The name a sign-up ticket of this invitation is waiting on, for the "enter your code" step. */
export async function pendingBuyerSignup(
  ctx: CoreContext,
  o: { token: string; ticket: string | null | undefined },
): Promise<{ name: string; email: string } | null> {
  const link = await openInvitation(ctx, o.token);
  if (link.status !== "open") return null;
  const challenge = await findChallenge(ctx, "signup", o.ticket);
  if (!challenge || challenge.payload.buybackInvitationId !== link.invitation.id) return null;
  const name = challenge.payload.name;
  return typeof name === "string" ? { name, email: challenge.destination } : null;
}

/**
 * Last step: the right code makes the account (a `business` user without a password, who logs in
 * by emailed code), links it to the company, uses the invitation up and signs the person in.
 */
export async function completeBuyerSignup(
  ctx: CoreContext,
  o: {
    token: string;
    ticket: string;
    input: z.input<typeof ZBuyerSignupCode>;
    session: { kind: "web" | "api"; persistent: boolean; ip?: string; userAgent?: string };
  },
): Promise<{ buyer: Buyer; token: string; expiresAt: Date }> {
  const { code } = parseInput(ZBuyerSignupCode, o.input, BUYER_LABELS);
  const { invitation } = await openOrRefuse(ctx, o.token);
  const pending = await findChallenge(ctx, "signup", o.ticket);
  if (!pending || pending.payload.buybackInvitationId !== invitation.id) {
    throw new AppError("FORBIDDEN", { message: SIGNUP_NOT_STARTED });
  }
  const challenge = await verifyChallengeCode(ctx, { purpose: "signup", ticket: o.ticket, code });
  const name = String(challenge.payload.name ?? "");
  const locale = challenge.payload.locale === "en" ? "en" : "ja";
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(buybackInvitations)
      .where(and(eq(buybackInvitations.id, invitation.id), isNull(buybackInvitations.acceptedAt)))
      .for("update");
    if (!open || open.expiresAt <= now) throw new AppError("FORBIDDEN", { message: INVITATION_CLOSED });
    const used = await tx
      .update(challenges)
      .set({ consumedAt: now })
      .where(and(eq(challenges.id, challenge.id), isNull(challenges.consumedAt)))
      .returning({ id: challenges.id });
    if (used.length !== 1) throw new AppError("FORBIDDEN", { message: SIGNUP_NOT_STARTED });
    const [user] = await tx
      .insert(users)
      .values({
        email: open.email,
        emailVerifiedAt: now,
        nickname: name,
        role: "business",
        locale,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new AppError("CONFLICT", { message: EMAIL_TAKEN });
    await tx.insert(buybackBuyers).values({ userId: user.id, companyId: open.companyId, createdAt: now });
    await tx
      .update(buybackInvitations)
      .set({ acceptedAt: now, acceptedUserId: user.id })
      .where(eq(buybackInvitations.id, open.id));
    return user.id;
  });
  const buyer = (await getBuyer(ctx.db, userId))!;
  const session = await createSession(ctx, { userId, ...o.session });
  return { buyer, ...session };
}
