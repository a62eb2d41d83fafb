import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { TIME_ZONE } from "../shared/locale.ts";
import { payoutDestinationChangedMail } from "./mails.ts";

/** How long payouts to a replaced bank or Kyash account wait (account takeover is followed by this change). */
const DESTINATION_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * Where proceeds are paid changed: answers until when payouts there wait (null for a member's
 * first destination), and mails the member in any case, so a stranger's change does not go unseen.
 */
export async function payoutDestinationChanged(
  ctx: Pick<CoreContext, "db" | "clock" | "mailer" | "publicUrl">,
  o: { userId: number; replaced: boolean; what: string },
): Promise<Date | null> {
  const now = ctx.clock.now();
  const until = o.replaced ? new Date(now.getTime() + DESTINATION_HOLD_MS) : null;
  const [user] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, o.userId));
  if (user && o.replaced) {
    const locale = user.locale === "en" ? "en" : "ja";
    await ctx.mailer.send(
      payoutDestinationChangedMail(user.email, locale, {
        what: o.what,
        until: new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", {
          dateStyle: "long",
          timeStyle: "short",
          timeZone: TIME_ZONE,
        }).format(until!),
        link: `${ctx.publicUrl}/${locale}/mypage/`,
      }),
    );
  }
  return until;
}
