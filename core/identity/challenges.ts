import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { type ChallengePurpose, challenges } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, newNumericCode, newToken, sameHash } from "../shared/secrets.ts";

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const CODES_PER_ADDRESS_PER_HOUR = 5;
const CODES_PER_IP_PER_HOUR = 30;
/** Once the address is proven, the rest of the flow (a nickname, say) may take this long. */
const VERIFIED_TTL_MS = 60 * 60 * 1000;

const INVALID_CODE = msg("identity.errors.invalidCode");
const EXPIRED_CODE = msg("identity.errors.expiredCode");
export const INVALID_LINK = msg("identity.errors.invalidLink");

export type IssuedChallenge = { ticket: string; code: string | null; linkToken: string | null };

export async function issueChallenge(
  ctx: CoreContext,
  o: {
    purpose: ChallengePurpose;
    /** Where the code goes: an email address, or a phone number with channel "sms". */
    destination: string;
    channel?: "email" | "sms";
    userId?: number | undefined;
    payload?: Record<string, unknown>;
    ip: string;
    withCode: boolean;
    withLink: boolean;
    ttlMs?: number;
  },
): Promise<IssuedChallenge> {
  const channel = o.channel ?? "email";
  await consumeRateLimits(ctx, [
    { key: `${channel}:to:${o.destination}`, max: CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    { key: `${channel}:ip:${o.ip}`, max: CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  const ticket = newToken();
  const code = o.withCode ? newNumericCode() : null;
  const linkToken = o.withLink ? newToken() : null;
  const now = ctx.clock.now();
  await ctx.db.insert(challenges).values({
    purpose: o.purpose,
    channel,
    destination: o.destination,
    userId: o.userId,
    ticketHash: keyedHash(ctx.secret, ticket),
    codeHash: code ? keyedHash(ctx.secret, code) : null,
    linkTokenHash: linkToken ? keyedHash(ctx.secret, linkToken) : null,
    payload: o.payload ?? {},
    ip: o.ip.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + (o.ttlMs ?? CODE_TTL_MS)),
  });
  return { ticket, code, linkToken };
}

export type Challenge = typeof challenges.$inferSelect;

/** A code may be sent again once a minute; the hourly limits per address and per IP hold as well. */
const RESEND_COOLDOWN_SECONDS = 60;
/** How long after a flow started its code may still be sent again (the code itself lasts 10 minutes). */
const RESEND_WINDOW_MS = 60 * 60 * 1000;
const RESEND_TOO_SOON = "identity.errors.resendTooSoon";

/**
 * Sends a ticket's code again: a new code and link replace the old ones (which stop working), the
 * wrong guesses start again from zero and the new code gets its full 10 minutes. Only for a flow
 * whose address is not yet proven, started within the hour; a minute after the last sending at the
 * soonest, and counted against the same hourly limits per address and per IP as a first sending.
 * Null when there is no such flow (the page then asks to start again).
 */
export async function reissueChallenge(
  ctx: CoreContext,
  o: { purpose: ChallengePurpose; ticket: string | null | undefined; ip: string },
): Promise<{ challenge: Challenge; code: string | null; linkToken: string | null } | null> {
  if (!o.ticket || o.ticket.length > 128) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.ticketHash, keyedHash(ctx.secret, o.ticket)),
        eq(challenges.purpose, o.purpose),
        sql`${challenges.consumedAt} is null`,
        sql`${challenges.verifiedAt} is null`,
        gte(challenges.createdAt, new Date(now.getTime() - RESEND_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  // A code is sent with the default lifetime, so when it was sent is known from when it ends.
  const sentAt = row.expiresAt.getTime() - CODE_TTL_MS;
  const wait = Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) {
    throw new AppError("RATE_LIMITED", {
      message: msg(RESEND_TOO_SOON, { seconds: wait }),
      retryAfterSeconds: wait,
    });
  }
  await consumeRateLimits(ctx, [
    { key: `${row.channel}:to:${row.destination}`, max: CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    { key: `${row.channel}:ip:${o.ip}`, max: CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  const code = row.codeHash ? newNumericCode() : null;
  const linkToken = row.linkTokenHash ? newToken() : null;
  const [updated] = await ctx.db
    .update(challenges)
    .set({
      codeHash: code ? keyedHash(ctx.secret, code) : null,
      linkTokenHash: linkToken ? keyedHash(ctx.secret, linkToken) : null,
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    })
    // Two resends at once: the first wins, the other finds the code already replaced.
    .where(
      and(
        eq(challenges.id, row.id),
        eq(challenges.expiresAt, row.expiresAt),
        sql`${challenges.verifiedAt} is null`,
      ),
    )
    .returning();
  if (!updated) {
    throw new AppError("RATE_LIMITED", {
      message: msg(RESEND_TOO_SOON, { seconds: RESEND_COOLDOWN_SECONDS }),
      retryAfterSeconds: RESEND_COOLDOWN_SECONDS,
    });
  }
  return { challenge: updated, code, linkToken };
}

/** The open challenge a ticket stands for, or null. */
export async function findChallenge(
  ctx: CoreContext,
  purpose: ChallengePurpose,
  ticket: string | null | undefined,
): Promise<Challenge | null> {
  if (!ticket || ticket.length > 128) return null;
  const [row] = await ctx.db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.ticketHash, keyedHash(ctx.secret, ticket)),
        eq(challenges.purpose, purpose),
        sql`${challenges.consumedAt} is null`,
        gte(challenges.expiresAt, ctx.clock.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Checks a typed code. A wrong guess is counted even though the call fails; the fifth kills the
 * code. A right one marks the challenge verified and gives the rest of the flow an hour.
 */
export async function verifyChallengeCode(
  ctx: CoreContext,
  o: { purpose: ChallengePurpose; ticket: string; code: string },
): Promise<Challenge> {
  return guessCode(ctx, {
    purpose: o.purpose,
    which: eq(challenges.ticketHash, keyedHash(ctx.secret, o.ticket)),
    code: o.code,
    consume: false,
  });
}

/**
 * Checks a typed code against the newest challenge sent to an address (a flow that names the
 * address instead of carrying a ticket, such as a log-in by emailed code) and uses it up at once
 * when it is right. The same limits hold: a wrong guess counts, the fifth kills the code, and a
 * used or older code never works again.
 */
export async function consumeLatestChallengeCode(
  ctx: CoreContext,
  o: { purpose: ChallengePurpose; destination: string; code: string },
): Promise<Challenge> {
  return guessCode(ctx, {
    purpose: o.purpose,
    which: eq(challenges.destination, o.destination),
    code: o.code,
    consume: true,
  });
}

async function guessCode(
  ctx: CoreContext,
  o: { purpose: ChallengePurpose; which: SQL; code: string; consume: boolean },
): Promise<Challenge> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(challenges)
      .where(and(o.which, eq(challenges.purpose, o.purpose)))
      .orderBy(desc(challenges.createdAt), desc(challenges.id))
      .for("update")
      .limit(1);
    if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= MAX_CODE_ATTEMPTS) {
      return { kind: "expired" as const };
    }
    // A ticket's holder already proved the address; a code used up at once is checked every time.
    if (row.verifiedAt && !o.consume) return { kind: "ok" as const, row };
    if (!row.codeHash || !sameHash(row.codeHash, keyedHash(ctx.secret, o.code))) {
      await tx
        .update(challenges)
        .set({ attempts: row.attempts + 1 })
        .where(eq(challenges.id, row.id));
      return { kind: row.attempts + 1 >= MAX_CODE_ATTEMPTS ? ("expired" as const) : ("wrong" as const) };
    }
    const [verified] = await tx
      .update(challenges)
      .set(
        o.consume
          ? { verifiedAt: now, consumedAt: now }
          : { verifiedAt: now, expiresAt: new Date(now.getTime() + VERIFIED_TTL_MS) },
      )
      .where(eq(challenges.id, row.id))
      .returning();
    return { kind: "ok" as const, row: verified! };
  });
  if (outcome.kind === "wrong") throw new AppError("VALIDATION", { fields: { code: INVALID_CODE } });
  if (outcome.kind === "expired") throw new AppError("VALIDATION", { fields: { code: EXPIRED_CODE } });
  return outcome.row as Challenge;
}

/**
 * Opens an emailed link. The link proves the address like the code does, and hands its holder a
 * fresh ticket, since the browser that opens it may not be the one that started the flow.
 */
export async function openChallengeLink(
  ctx: CoreContext,
  o: { purpose: ChallengePurpose; linkToken: string; markVerified: boolean },
): Promise<{ challenge: Challenge; ticket: string }> {
  const now = ctx.clock.now();
  const ticket = newToken();
  const [row] = await ctx.db
    .update(challenges)
    .set({
      ticketHash: keyedHash(ctx.secret, ticket),
      ...(o.markVerified
        ? { verifiedAt: sql`coalesce(${challenges.verifiedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(
      and(
        eq(challenges.linkTokenHash, keyedHash(ctx.secret, o.linkToken.slice(0, 128))),
        eq(challenges.purpose, o.purpose),
        sql`${challenges.consumedAt} is null`,
        gte(challenges.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { message: INVALID_LINK });
  return { challenge: row, ticket };
}

/** Marks a challenge used; false when another request used it first. */
export async function consumeChallenge(ctx: Pick<CoreContext, "db" | "clock">, id: number): Promise<boolean> {
  const rows = await ctx.db
    .update(challenges)
    .set({ consumedAt: ctx.clock.now() })
    .where(and(eq(challenges.id, id), sql`${challenges.consumedAt} is null`))
    .returning({ id: challenges.id });
  return rows.length === 1;
}

/**
 * A challenge has done its work once it expired: the resend limit looks back an hour, so a row that
 * expired over two days ago is kept for nothing. Deletes those; answers how many went.
 */
const KEEP_EXPIRED_CHALLENGES_MS = 2 * 24 * 60 * 60 * 1000;

export async function forgetExpiredChallenges(ctx: Pick<CoreContext, "db" | "clock">): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - KEEP_EXPIRED_CHALLENGES_MS);
  const gone = await ctx.db
    .delete(challenges)
    .where(lt(challenges.expiresAt, before))
    .returning({ id: challenges.id });
  return gone.length;
}
