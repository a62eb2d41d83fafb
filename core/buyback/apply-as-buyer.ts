import { and, eq, or } from "drizzle-orm";
import { buyerApplications } from "#db/schema/index.ts";
import { requireBotCheck } from "../identity/bot-check.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isDatabaseError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { recordCreation } from "../state/change-state.ts";
import { APPLICATION_LABELS, ZBuyerApplication } from "./buyer-application-fields.ts";
import { applicationReceivedMail } from "./buyer-application-mails.ts";
import { BUYER_APPLICATION_MACHINE } from "./buyer-application-states.ts";

/** Enough for a company with a real application; a script filling the queue stops here. */
const APPLICATION_LIMITS = { perIpPerHour: 5, perAddressPerDay: 3 };

const PENDING_EMAIL: Message = msg("buyerApplication.errors.pendingEmail");
const PENDING_LICENCE: Message = msg("buyerApplication.errors.pendingLicence");

/** The friendly refusal of a second application while one with the same address or licence waits. */
function alreadyPending(o: { email: boolean; licence: boolean }): AppError {
  return new AppError("CONFLICT", {
    fields: {
      ...(o.email ? { email: PENDING_EMAIL } : {}),
      ...(o.licence ? { licenceNumber: PENDING_LICENCE } : {}),
    },
  });
}

/**
 * A company applies to become a business buyer from `/buyback/signup/` without an invitation: its
 * name, secondhand dealer licence (number and issuing commission), address, contact person, e-mail,
 * phone, expected monthly volume and the categories it buys. Needs the bot check's token; 5 an hour
 * per network and 3 a day per address. One pending application per address and per licence. The
 * application waits in the back office's queue (PENDING); the contact is mailed a receipt.
 */
export async function applyAsBuyer(
  ctx: CoreContext,
  o: { input: unknown; locale: Locale; ip: string; botCheckToken: string | null | undefined },
): Promise<{ id: number; email: string }> {
  const input = parseInput(ZBuyerApplication, o.input, APPLICATION_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "contact", ip: o.ip });
  await consumeRateLimits(ctx, [
    { key: `buyer-application:ip:${o.ip}`, max: APPLICATION_LIMITS.perIpPerHour, windowSeconds: 3600 },
    {
      key: `buyer-application:to:${input.email}`,
      max: APPLICATION_LIMITS.perAddressPerDay,
      windowSeconds: 24 * 3600,
    },
  ]);
  const id = await ctx.db
    .transaction(async (tx) => {
      const waiting = await tx
        .select({ email: buyerApplications.email, licenceNumber: buyerApplications.licenceNumber })
        .from(buyerApplications)
        .where(
          and(
            eq(buyerApplications.state, "PENDING"),
            or(
              eq(buyerApplications.email, input.email),
              eq(buyerApplications.licenceNumber, input.licenceNumber),
            ),
          ),
        );
      if (waiting.length > 0) {
        throw alreadyPending({
          email: waiting.some((w) => w.email === input.email),
          licence: waiting.some((w) => w.licenceNumber === input.licenceNumber),
        });
      }
      const now = ctx.clock.now();
      const [row] = await tx
        .insert(buyerApplications)
        .values({ ...input, state: "PENDING", locale: o.locale, createdAt: now, updatedAt: now })
        .returning({ id: buyerApplications.id });
      await recordCreation(
        { db: tx, clock: ctx.clock },
        {
          machine: BUYER_APPLICATION_MACHINE,
          id: row!.id,
          state: "PENDING",
          actor: { role: "visitor", id: null },
        },
      );
      return row!.id;
    })
    .catch((error: unknown) => {
      // Two identical applications at once: the second meets the unique index.
      if (isDatabaseError(error, "23505")) throw alreadyPending({ email: true, licence: false });
      throw error;
    });
  await ctx.mailer.send(
    applicationReceivedMail(input.email, o.locale, {
      id,
      companyName: input.companyName,
      contactName: input.contactName,
    }),
  );
  return { id, email: input.email };
}
