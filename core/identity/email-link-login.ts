import { and, eq, gte, isNull } from "drizzle-orm";
import type { z } from "zod";
import { challenges, users } from "#db/schema/index.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, sameHash } from "../shared/secrets.ts";
import { requireBotCheck } from "./bot-check.ts";
import { consumeChallenge, INVALID_LINK, issueChallenge } from "./challenges.ts";
import { FIELD_LABELS, ZEmailLinkLogin } from "./fields.ts";
import { countLoginAttempt, countLoginAttemptFor, finishSignIn } from "./two-step-login.ts";

/** The form asks for the address only. */

/** A link lasts 10 minutes, and works once. */
const LINK_TTL_MS = 10 * 60 * 1000;
/** Per network, as for the password reset: many phones share one address behind their carrier. */
const LINKS_PER_IP_PER_HOUR = 20;

/** The link was opened in a browser other than the one that asked for it. */
const OTHER_BROWSER = msg("emailLogin.errors.otherBrowser");

/**
 * Mails a one-time sign-in link when the address has an account (decision 042). The answer is the
 * same either way: a ticket the page keeps in a cookie of the browser that asked, since the link
 * signs in only that browser. Needs the bot check's token; counted against the sign-in limits of
 * the address and the network, the limits of every mail sent (5 an hour per address), and 20 an
 * hour per network. `redirect` is where the member was going, already checked by the page; the
 * link leads back there.
 */
export async function requestEmailLinkLogin(
  ctx: CoreContext,
  o: {
    input: z.input<typeof ZEmailLinkLogin>;
    locale: Locale;
    ip: string;
    botCheckToken: string | null | undefined;
    redirect: string;
    persistent: boolean;
  },
): Promise<{ ticket: string; email: string }> {
  const { email } = parseInput(ZEmailLinkLogin, o.input, FIELD_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "email_login", ip: o.ip });
  await consumeRateLimits(ctx, [
    { key: `email-login:ip:${o.ip}`, max: LINKS_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  await countLoginAttempt(ctx, email, o.ip);
  const [user] = await ctx.db
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  // Every address gets a ticket and the same limits; only a member's gets a working link.
  const member = user && !user.suspendedAt ? user : undefined;
  const issued = await issueChallenge(ctx, {
    purpose: "email_login",
    destination: email,
    userId: member?.id,
    payload: { redirect: o.redirect, persistent: o.persistent },
    ip: o.ip,
    withCode: false,
    withLink: Boolean(member),
    ttlMs: LINK_TTL_MS,
  });
  if (issued.linkToken) {
    const link = `${ctx.publicUrl}/${o.locale}/login/email/open/?token=${issued.linkToken}`;
    const values = { link, minutes: LINK_TTL_MS / 60_000 };
    await ctx.mailer.send(
      mailMessage(
        email,
        renderMessage(msg("emailLogin.mail.subject"), o.locale),
        renderMessage(msg("emailLogin.mail.body", values), o.locale),
        o.locale,
      ),
    );
  }
  return { ticket: issued.ticket, email };
}

/**
 * Opens a mailed sign-in link in the browser holding `ticket`. A link that expired, was used, or
 * was replaced is refused (NOT_FOUND); a link opened in another browser is refused (CONFLICT) and
 * stays good for the browser that asked, so a mail scanner or a second device never uses it up.
 * Every opening counts against the sign-in limits. Then as for a password: a suspended member is
 * refused, a member with two-step verification gets the second step's ticket, anyone else a
 * session. The answer carries where the member was going when they asked for the link.
 */
export async function openEmailLink(
  ctx: CoreContext,
  o: {
    linkToken: string | null | undefined;
    ticket: string | null | undefined;
    kind: "web" | "api";
    ip: string;
    userAgent?: string | undefined;
  },
) {
  const token = (o.linkToken ?? "").slice(0, 128);
  const now = ctx.clock.now();
  const [row] = token
    ? await ctx.db
        .select()
        .from(challenges)
        .where(
          and(
            eq(challenges.linkTokenHash, keyedHash(ctx.secret, token)),
            eq(challenges.purpose, "email_login"),
            isNull(challenges.consumedAt),
            gte(challenges.expiresAt, now),
          ),
        )
        .limit(1)
    : [];
  await countLoginAttemptFor(ctx, row ? `address:${row.destination}` : null, o.ip);
  if (!row?.userId) throw new AppError("NOT_FOUND", { message: INVALID_LINK });
  const payload = row.payload as { redirect?: unknown; persistent?: unknown };
  const redirect = typeof payload.redirect === "string" ? payload.redirect : null;
  const ticket = (o.ticket ?? "").slice(0, 128);
  if (!ticket || !sameHash(row.ticketHash, keyedHash(ctx.secret, ticket))) {
    throw new AppError("CONFLICT", { message: OTHER_BROWSER });
  }
  // Used once: two openings at the same time cannot both sign in.
  if (!(await consumeChallenge(ctx, row.id))) throw new AppError("NOT_FOUND", { message: INVALID_LINK });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  // The address must still be the member's, as when the link was sent.
  if (!user || user.email !== row.destination) throw new AppError("NOT_FOUND", { message: INVALID_LINK });
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  const persistent = payload.persistent === true;
  const signedIn = await finishSignIn(ctx, {
    user,
    kind: o.kind,
    persistent,
    ip: o.ip,
    userAgent: o.userAgent,
    secondStep: true,
  });
  return { ...signedIn, persistent, redirect };
}
