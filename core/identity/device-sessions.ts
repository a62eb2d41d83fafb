import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { type Device, describeDevice, type Place, placeOf } from "./devices.ts";
import { endUserSessions, type SessionUser } from "./sessions.ts";

/** One signed-in browser or API token of a member, as the member sees it. */
export type DeviceSession = Device & {
  id: number;
  kind: "web" | "api";
  place: Place;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The session the member is asking from. */
  current: boolean;
};

const NOT_FOUND = msg("sessions.errors.notFound");

/** The member's live sessions (not expired, not ended), the one in use first, then the latest used. */
export async function listSessions(ctx: CoreContext, o: { actor: SessionUser }): Promise<DeviceSession[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, o.actor.id), gt(sessions.expiresAt, ctx.clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  const list = rows.map(({ userAgent, ip, ...row }) => ({
    ...row,
    ...describeDevice(userAgent),
    place: placeOf(ip),
    current: row.id === o.actor.sessionId,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/**
 * Ends one of the member's own sessions: that browser or token is signed out at its next request.
 * Another member's session answers as a missing one, so ids tell nothing.
 */
export async function endOwnSession(
  ctx: CoreContext,
  o: { actor: SessionUser; sessionId: number },
): Promise<void> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, o.sessionId), eq(sessions.userId, o.actor.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
}

/** Ends every session of the member except the one in use. */
export async function endOtherSessions(ctx: CoreContext, o: { actor: SessionUser }): Promise<void> {
  await endUserSessions(ctx, o.actor.id, o.actor.sessionId);
}
