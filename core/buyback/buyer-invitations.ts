import { and, eq, gt, isNull } from "drizzle-orm";
import { buybackCompanies, buybackInvitations, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { LOCALES, type Locale, TIME_ZONE } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { keyedHash, newToken } from "../shared/secrets.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { COMPANY_NOT_FOUND } from "./buyer-companies.ts";
import { COMPANY_LABELS, ZInviteBuyer } from "./buyer-fields.ts";
import { buyerInvitationMail } from "./buyer-mails.ts";

/** How long an invitation link works. */
const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const INVITATION_NOT_FOUND = msg("buybackOffice.companies.errors.invitationNotFound");

type Invitation = typeof buybackInvitations.$inferSelect;

/** What an invitation link stands for, as the sign-up page tells it. */
export type InvitationLink =
  | { status: "open"; invitation: Invitation; companyName: string }
  | { status: "invalid" | "expired" | "used" };

/** The invitation behind a link's token: open, run out, used, or no invitation at all. */
export async function openInvitation(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  token: string | null | undefined,
): Promise<InvitationLink> {
  if (!token || token.length > 128) return { status: "invalid" };
  const [row] = await ctx.db
    .select({ invitation: buybackInvitations, companyName: buybackCompanies.name })
    .from(buybackInvitations)
    .innerJoin(buybackCompanies, eq(buybackCompanies.id, buybackInvitations.companyId))
    .where(eq(buybackInvitations.tokenHash, keyedHash(ctx.secret, token)))
    .limit(1);
  if (!row) return { status: "invalid" };
  if (row.invitation.acceptedAt) return { status: "used" };
  if (row.invitation.expiresAt <= ctx.clock.now()) return { status: "expired" };
  return { status: "open", ...row };
}

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
async function mailInvitation(
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

/**
 * Invites a person by e-mail to a buyer company (`buyback:manage`): a link that works once, for 7
 * days, stored only as a hash. An address that already has an account, or an invitation still
 * waiting, is refused with a message for the operator.
 */
export async function inviteBuyer(
  ctx: CoreContext,
  o: { actor: SessionUser | null; companyId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<{ invitationId: number; email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const { email } = parseInput(ZInviteBuyer, o.input, COMPANY_LABELS);
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const { id, companyName } = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, o.companyId))
      .for("update");
    if (!company) throw new AppError("NOT_FOUND", { message: COMPANY_NOT_FOUND });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      throw new AppError("CONFLICT", {
        fields: { email: msg("buybackOffice.companies.errors.hasAccount") },
      });
    }
    const [waiting] = await tx
      .select({ id: buybackInvitations.id })
      .from(buybackInvitations)
      .where(
        and(
          eq(buybackInvitations.email, email),
          isNull(buybackInvitations.acceptedAt),
          gt(buybackInvitations.expiresAt, now),
        ),
      )
      .limit(1);
    if (waiting) {
      throw new AppError("CONFLICT", {
        fields: { email: msg("buybackOffice.companies.errors.alreadyInvited") },
      });
    }
    const [row] = await tx
      .insert(buybackInvitations)
      .values({
        companyId: company.id,
        email,
        tokenHash: keyedHash(ctx.secret, token),
        invitedBy: operator.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: buybackInvitations.id });
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite",
        target: { type: "buyback_invitation", id: row!.id },
        changes: diffFields(null, { companyId: company.id, email, expiresAt }),
        meta: o.meta,
      },
    );
    return { id: row!.id, companyName: company.name };
  });
  await mailInvitation(ctx, { email, companyName, token, expiresAt });
  return { invitationId: id, email };
}

/** An unused invitation of the company, locked for the change. */
async function lockedInvitation(
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

/**
 * Sends an unused invitation again (`buyback:manage`): a new link for another 7 days; the old link
 * stops working.
 */
export async function resendInvitation(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    companyId: number;
    invitationId: number;
    meta?: RequestMeta | undefined;
  },
): Promise<{ email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const sent = await ctx.db.transaction(async (tx) => {
    const before = await lockedInvitation(tx, o);
    const [company] = await tx
      .select({ name: buybackCompanies.name })
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, before.companyId));
    await tx
      .update(buybackInvitations)
      .set({ tokenHash: keyedHash(ctx.secret, token), createdAt: now, expiresAt, invitedBy: operator.id })
      .where(eq(buybackInvitations.id, before.id));
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite_resend",
        target: { type: "buyback_invitation", id: before.id },
        changes: diffFields({ expiresAt: before.expiresAt }, { expiresAt }),
        meta: o.meta,
      },
    );
    return { email: before.email, companyName: company!.name };
  });
  await mailInvitation(ctx, { ...sent, token, expiresAt });
  return { email: sent.email };
}

/** Withdraws an unused invitation (`buyback:manage`): its link stops working; the audit log keeps it. */
export async function cancelInvitation(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    companyId: number;
    invitationId: number;
    meta?: RequestMeta | undefined;
  },
): Promise<{ email: string }> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  return ctx.db.transaction(async (tx) => {
    const before = await lockedInvitation(tx, o);
    await tx.delete(buybackInvitations).where(eq(buybackInvitations.id, before.id));
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:invite_cancel",
        target: { type: "buyback_invitation", id: before.id },
        changes: diffFields(
          { companyId: before.companyId, email: before.email, expiresAt: before.expiresAt },
          null,
        ),
        meta: o.meta,
      },
    );
    return { email: before.email };
  });
}
