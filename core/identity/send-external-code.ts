import { eq } from "drizzle-orm";
import { challenges } from "#db/schema/index.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, newNumericCode } from "../shared/secrets.ts";
import {
  CODE_TTL_MS,
  PENDING_EXPIRED,
  type PendingPayload,
  providerName,
  requirePending,
} from "./external-trip.ts";

const CODES_PER_ADDRESS_PER_HOUR = 5;

const CODES_PER_IP_PER_HOUR = 30;

/** Mails a 6-digit code to the address to prove (10 minutes; 5 an hour per address, and per network). */
export async function sendExternalCode(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; ip: string; locale: Locale },
): Promise<{ email: string }> {
  const row = await requirePending(ctx, o.ticket);
  if (!row.destination || row.verifiedAt) throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  await consumeRateLimits(ctx, [
    { key: `email:to:${row.destination}`, max: CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    { key: `email:ip:${o.ip}`, max: CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  const code = newNumericCode();
  const now = ctx.clock.now();
  await ctx.db
    .update(challenges)
    .set({
      codeHash: keyedHash(ctx.secret, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    })
    .where(eq(challenges.id, row.id));
  const provider = providerName((row.payload as PendingPayload).provider);
  await ctx.mailer.send(
    mailMessage(
      row.destination,
      renderMessage(msg("providers.mail.code.subject", { code }), o.locale),
      renderMessage(msg("providers.mail.code.body", { code, provider }), o.locale),
      o.locale,
    ),
  );
  return { email: row.destination };
}
