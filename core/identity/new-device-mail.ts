import { and, eq, gte, lt, ne } from "drizzle-orm";
import { sessions, type users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { renderMessage } from "../shared/i18n/translate.ts";
import { TIME_ZONE } from "../shared/locale.ts";
import { keyedHash } from "../shared/secrets.ts";
import { describeDevice, deviceKey, deviceMessage, placeMessage, placeOf } from "./devices.ts";
import { newDeviceMail } from "./mails.ts";

/** A browser, system and address range unused in this long is new again. */
const REMEMBER_DEVICES_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * After a sign-in on the web: mails the member when the browser, its system and the range of
 * addresses match none of their sessions of the last 90 days, so a stranger's sign-in does not go
 * unseen. Sessions older than that are forgotten here (an ended one is kept only for this check).
 */
export async function mailIfNewDevice(
  ctx: CoreContext,
  o: {
    user: Pick<typeof users.$inferSelect, "id" | "email" | "locale">;
    kind: "web" | "api";
    token: string;
    ip: string;
    userAgent?: string | undefined;
  },
): Promise<void> {
  if (o.kind !== "web") return;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - REMEMBER_DEVICES_MS);
  await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, o.user.id), lt(sessions.lastSeenAt, since), lt(sessions.expiresAt, now)));
  const earlier = await ctx.db
    .select({ userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, o.user.id),
        gte(sessions.lastSeenAt, since),
        ne(sessions.tokenHash, keyedHash(ctx.secret, o.token)),
      ),
    );
  const key = deviceKey(o.userAgent, o.ip);
  if (earlier.some((s) => deviceKey(s.userAgent, s.ip) === key)) return;
  const locale = o.user.locale;
  const device = describeDevice(o.userAgent);
  const place = placeOf(o.ip);
  await ctx.mailer.send(
    newDeviceMail(o.user.email, locale, {
      when: new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: TIME_ZONE,
      }).format(now),
      browser: renderMessage(deviceMessage(device), locale),
      place: renderMessage(placeMessage(place), locale),
      link: `${ctx.publicUrl}/${locale}/settings/sessions/`,
    }),
  );
}
