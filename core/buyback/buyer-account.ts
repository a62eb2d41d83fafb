import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { buybackBuyers, buybackCompanies, users } from "#db/schema/index.ts";
import { findChallenge, issueChallenge } from "../identity/challenges.ts";
import { emailChangeCodeMail } from "../identity/mails.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { BUYER_LABELS, ZBuyerAccount } from "./buyer-fields.ts";
import { type Buyer, getBuyer } from "./buyers.ts";

/**
 * Saves a buyer's account settings (spec §2: company name, user name, e-mail). The first save ends
 * the setup step. A new address is not taken at once: a code goes to it, and the address changes
 * when the code comes back (the e-mail change of every account, `confirmEmailChange`).
 */
export async function saveBuyerAccount(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: z.input<typeof ZBuyerAccount>; locale: Locale; ip: string },
): Promise<{ buyer: Buyer; emailChange: { ticket: string; email: string } | null }> {
  const current = await authorizeBuyer(ctx, o.actor);
  const { companyName, name, email } = parseInput(ZBuyerAccount, o.input, BUYER_LABELS);
  const emailChange =
    email === current.email
      ? null
      : await issueChallenge(ctx, {
          purpose: "email_change",
          destination: email,
          userId: current.userId,
          ip: o.ip,
          withCode: true,
          withLink: false,
        });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (companyName !== current.companyName) {
      await tx
        .update(buybackCompanies)
        .set({ name: companyName, updatedAt: now })
        .where(eq(buybackCompanies.id, current.companyId));
    }
    if (name !== current.name) {
      await tx.update(users).set({ nickname: name, updatedAt: now }).where(eq(users.id, current.userId));
    }
    await tx
      .update(buybackBuyers)
      .set({ setupAt: now })
      .where(and(eq(buybackBuyers.userId, current.userId), isNull(buybackBuyers.setupAt)));
  });
  if (emailChange) await ctx.mailer.send(emailChangeCodeMail(email, o.locale, emailChange.code!));
  return {
    buyer: (await getBuyer(ctx.db, current.userId))!,
    emailChange: emailChange ? { ticket: emailChange.ticket, email } : null,
  };
}

/** The new address a buyer's e-mail change ticket waits on, for the "enter your code" step. */
export async function pendingBuyerEmail(
  ctx: CoreContext,
  o: { userId: number; ticket: string | null | undefined },
): Promise<string | null> {
  const challenge = await findChallenge(ctx, "email_change", o.ticket);
  return challenge?.userId === o.userId && !challenge.verifiedAt ? challenge.destination : null;
}
