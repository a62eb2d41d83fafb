import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeChallenge, verifyChallengeCode } from "./challenges.ts";
import { PHONE_FIELD_LABELS, ZPhoneCode } from "./phone-fields.ts";
import type { SessionUser } from "./sessions.ts";
import { PHONE_TAKEN, phoneTakenByOther } from "./start-phone-verification.ts";

type TConfirmPhoneVerification = z.input<typeof ZPhoneCode>;

/**
 * Checks the texted code (wrong guesses count, the fifth kills it) and makes the number the
 * member's verified phone. Two members racing for one number: a lock per number lets one win.
 */
export async function confirmPhoneVerification(
  ctx: CoreContext,
  o: { actor: SessionUser; ticket: string; input: TConfirmPhoneVerification },
): Promise<{ phoneNumber: string; verifiedAt: Date }> {
  const { code } = parseInput(ZPhoneCode, o.input, PHONE_FIELD_LABELS);
  const challenge = await verifyChallengeCode(ctx, { purpose: "phone_verify", ticket: o.ticket, code });
  if (challenge.userId !== o.actor.id) throw new AppError("FORBIDDEN");
  const phoneNumber = challenge.destination;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneNumber}`}))`);
    if (await phoneTakenByOther({ db: tx }, phoneNumber, o.actor.id)) {
      throw new AppError("CONFLICT", { message: PHONE_TAKEN });
    }
    if (!(await consumeChallenge({ db: tx, clock: ctx.clock }, challenge.id))) throw new AppError("CONFLICT");
    await tx
      .update(users)
      .set({ phoneNumber, phoneVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, o.actor.id));
  });
  return { phoneNumber, verifiedAt: now };
}
