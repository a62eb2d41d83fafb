import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type OperatorRole, operatorRoles, sessions, type UserRole, users } from "#db/schema/index.ts";
import { unreadCountOf } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Locale } from "../shared/locale.ts";
import { keyedHash, newToken } from "../shared/secrets.ts";
import { twoStepRequired, twoStepStatus } from "./two-step.ts";

export type SessionUser = {
  id: number;
  email: string;
  nickname: string;
  role: UserRole;
  locale: Locale;
  sessionId: number;
  /** The back-office roles an operator holds (what the navigation offers); empty for everyone else. */
  staffRoles: OperatorRole[];
  /** An operator who has not turned two-step verification on yet: the back office stays shut (decision 033). */
  twoStepMissing?: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Keep me logged in" and API tokens last as long as the cookie: 365 days. */
const PERSISTENT_SESSION_MS = 365 * DAY_MS;
/** A browser-session login still ends on the server after a week of use. */
const BROWSER_SESSION_MS = 7 * DAY_MS;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export type NewSession = {
  userId: number;
  kind: "web" | "api";
  persistent: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
};

export async function createSession(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  s: NewSession,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + (s.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await ctx.db.insert(sessions).values({
    tokenHash: keyedHash(ctx.secret, token),
    userId: s.userId,
    kind: s.kind,
    persistent: s.persistent,
    ip: s.ip?.slice(0, 64),
    userAgent: s.userAgent?.slice(0, 512),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The user behind a session token, or null when it is unknown, ended or expired. */
export async function resolveSession(
  ctx: CoreContext,
  token: string | null | undefined,
): Promise<SessionUser | null> {
  return (await lookUpSession(ctx, token, false))?.user ?? null;
}

/**
 * The user behind a session token with the number of their unread notifications (the badge every
 * page shows), read in the same statement; null as `resolveSession`.
 */
export async function resolvePageSession(
  ctx: CoreContext,
  token: string | null | undefined,
): Promise<{ user: SessionUser; unreadNotifications: number } | null> {
  const found = await lookUpSession(ctx, token, true);
  return found && { user: found.user, unreadNotifications: found.unread ?? 0 };
}

async function lookUpSession(
  ctx: CoreContext,
  token: string | null | undefined,
  withUnread: boolean,
): Promise<{ user: SessionUser; unread: number | null } | null> {
  if (!token || token.length > 128) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      role: users.role,
      locale: users.locale,
      unread: withUnread ? unreadCountOf(users.id) : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, keyedHash(ctx.secret, token)),
        gt(sessions.expiresAt, now),
        // A suspended member's sessions end at once, even one that is still being used.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _, unread, ...user } = row;
  const staffRoles =
    row.role === "operator"
      ? (
          await ctx.db
            .select({ role: operatorRoles.role })
            .from(operatorRoles)
            .where(eq(operatorRoles.userId, row.id))
        )
          .map((r) => r.role)
          .sort()
      : [];
  // Read for operators only: a member's request makes no extra statement.
  const twoStepMissing =
    row.role === "operator" && twoStepRequired(row.role, await twoStepStatus(ctx, row.id));
  return { user: { ...user, staffRoles, ...(twoStepMissing ? { twoStepMissing } : {}) }, unread };
}

/**
 * Logging out ends the session by expiring it: the row stays (until the member's next sign-in after
 * 90 days clears it), so signing in again on the same browser is not taken for a new device. Sessions
 * the member ends from the list of sessions, or a password change ends, are deleted instead.
 */
export async function endSession(ctx: CoreContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(eq(sessions.tokenHash, keyedHash(ctx.secret, token)), gt(sessions.expiresAt, now)));
}

/** Ends every session of a user, except the one still in use when given. */
export async function endUserSessions(
  ctx: CoreContext,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await ctx.db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    );
}
