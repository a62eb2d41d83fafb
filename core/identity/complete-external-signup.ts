import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { challenges, externalIdentities, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { EMAIL_TAKEN } from "./complete-signup.ts";
import {
  type Door,
  PENDING_EXPIRED,
  type PendingPayload,
  providerName,
  requirePending,
} from "./external-trip.ts";
import { FIELD_LABELS, ZCompleteSignup } from "./fields.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import { createSession } from "./sessions.ts";

/** A provider's sign-in keeps the browser signed in, as "keep me logged in" does. */
function keptWebSession(ctx: CoreContext, userId: number, o: { ip: string; userAgent?: string | undefined }) {
  return createSession(ctx, { userId, kind: "web", persistent: true, ip: o.ip, userAgent: o.userAgent });
}

/** The last step for a new member: a nickname, then the account (no password; the provider is the way in) and a session. */
export async function completeExternalSignup(
  ctx: CoreContext,
  o: Door & { input: z.input<typeof ZCompleteSignup>; locale: Locale },
): Promise<{ token: string; expiresAt: Date; redirect: string }> {
  const { nickname } = parseInput(ZCompleteSignup, o.input, FIELD_LABELS);
  const row = await requirePending(ctx, o.ticket);
  if (!row.verifiedAt || row.userId !== null || !row.destination) {
    throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  }
  const p = row.payload as PendingPayload;
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(challenges)
      .set({ consumedAt: now })
      .where(and(eq(challenges.id, row.id), isNull(challenges.consumedAt)))
      .returning({ id: challenges.id });
    if (used.length !== 1) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
    const [created] = await tx
      .insert(users)
      .values({
        email: row.destination,
        emailVerifiedAt: row.verifiedAt,
        passwordHash: null,
        nickname,
        locale: o.locale,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError("CONFLICT", { message: EMAIL_TAKEN });
    const linked = await tx
      .insert(externalIdentities)
      .values({
        userId: created.id,
        provider: p.provider,
        subject: p.subject,
        email: p.providerEmail,
        lastUsedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: externalIdentities.id });
    if (linked.length !== 1) {
      throw new AppError("CONFLICT", {
        message: msg("providers.errors.linkedElsewhere", { provider: providerName(p.provider) }),
        reasonCode: IDENTITY_REASONS.providerAlreadyLinked,
      });
    }
    return created;
  });
  const session = await keptWebSession(ctx, user.id, o);
  return { ...session, redirect: p.redirect };
}
