import { and, eq, isNull } from "drizzle-orm";
import { buybackInvitations } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { LOCALES, type Locale, TIME_ZONE } from "../shared/locale.ts";
import { buyerInvitationMail } from "./buyer-mails.ts";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const DAY_MS = 24 * 60 * 60 * 1000;

const INVITATION_NOT_FOUND = msg("buybackOffice.companies.errors.invitationNotFound");

export type Invitation = typeof buybackInvitations.$inferSelect;

const formatters = new Map<Locale, Intl.DateTimeFormat>();

function dateIn(locale: Locale, date: Date): string {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
      timeZone: TIME_ZONE,
      dateStyle: "long",
      timeStyle: "short",
    });
    formatters.set(locale, f);
  }
  return f.format(date);
}

/** Mails the link of an invitation whose token was just made. */
export async function mailInvitation(
  ctx: CoreContext,
  o: { email: string; companyName: string; token: string; expiresAt: Date },
): Promise<void> {
  const links = Object.fromEntries(
    LOCALES.map((l) => [l, `${ctx.publicUrl}/${l}/buyback/signup/?token=${o.token}`]),
  ) as Record<Locale, string>;
  const expiresAt = Object.fromEntries(LOCALES.map((l) => [l, dateIn(l, o.expiresAt)])) as Record<
    Locale,
    string
  >;
  await ctx.mailer.send(buyerInvitationMail(o.email, { companyName: o.companyName, links, expiresAt }));
}

/** An unused invitation of the company, locked for the change. */
export async function lockedInvitation(
  tx: CoreContext["db"],
  o: { companyId: number; invitationId: number },
): Promise<Invitation> {
  const [row] = await tx
    .select()
    .from(buybackInvitations)
    .where(
      and(
        eq(buybackInvitations.id, o.invitationId),
        eq(buybackInvitations.companyId, o.companyId),
        isNull(buybackInvitations.acceptedAt),
      ),
    )
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", { message: INVITATION_NOT_FOUND });
  return row;
}
