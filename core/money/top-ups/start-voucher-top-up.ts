import { and, eq } from "drizzle-orm";
import { topUps, users } from "#db/schema/index.ts";
import { getAddress } from "../../account/get-address.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError, isAppError, isDatabaseError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { recordCreation } from "../../state/change-state.ts";
import { BALANCE_FIELD_LABELS } from "../balance/fields.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { assertOffered } from "../offered-methods.ts";
import { moveTopUp } from "./move-top-up.ts";
import { TOP_UP_MACHINE, type TopUpRow } from "./top-up-states.ts";
import { voucherDeadlines } from "./voucher-deadline.ts";
import { ZCvsTopUp, ZPayeasyTopUp } from "./voucher-fields.ts";

export type TVoucherTopUpInput = { store?: unknown; amount?: unknown };

export const TOP_UP_MESSAGES = {
  onePending: msg("balance.errors.onePendingVoucher"),
  needsAddress: msg("balance.errors.needsAddress"),
  providerDown: msg("balance.errors.voucherUnavailable"),
  notFound: msg("balance.errors.topUpNotFound"),
};

/** Checks a voucher top-up's form without issuing anything (the application page's confirm step). */
export function checkVoucherTopUp(
  method: "cvs" | "payeasy",
  input: TVoucherTopUpInput,
): { store: string | null; amount: number } {
  if (method === "cvs") {
    const v = parseInput(ZCvsTopUp, input, BALANCE_FIELD_LABELS);
    return { store: v.store, amount: v.amount };
  }
  return { store: null, amount: parseInput(ZPayeasyTopUp, input, BALANCE_FIELD_LABELS).amount };
}

/**
 * Issues a voucher to top up paid points at a convenience store or by Pay-easy. One voucher waits
 * per member: a second is refused while the first is unpaid (pay it or cancel it first). The row
 * is committed before the provider is called, under a reference the provider keeps, so a crash in
 * between is recovered by reconciliation (never two vouchers for one request).
 */
export async function startVoucherTopUp(
  ctx: CoreContext,
  o: { userId: number; method: "cvs" | "payeasy"; input: TVoucherTopUpInput },
): Promise<TopUpRow> {
  assertOffered(ctx, { topUp: o.method });
  const { store, amount } = checkVoucherTopUp(o.method, o.input);
  const address = await getAddress(ctx, o.userId);
  if (!address) throw new AppError("CONFLICT", { message: TOP_UP_MESSAGES.needsAddress });
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, o.userId));
  const now = ctx.clock.now();
  const deadlines = voucherDeadlines(now);
  let row: TopUpRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(topUps)
        .values({
          userId: o.userId,
          method: o.method,
          store,
          amount,
          state: "PENDING",
          provider: ctx.vouchers.name,
          providerDeadline: deadlines.provider,
          deadline: deadlines.shown,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordCreation(
        { db: tx, clock: ctx.clock },
        {
          machine: TOP_UP_MACHINE,
          id: created!.id,
          state: "PENDING",
          actor: { role: "member", id: o.userId },
        },
      );
      return created!;
    });
  } catch (error) {
    if (isDatabaseError(error, "23505"))
      throw new AppError("CONFLICT", { message: TOP_UP_MESSAGES.onePending });
    throw error;
  }
  try {
    const voucher = await ctx.vouchers.createVoucher({
      method: o.method,
      store,
      amount,
      reference: topUpReference(row.id),
      payer: {
        email: user!.email,
        familyName: address.familyName,
        givenName: address.givenName,
        familyNameKana: address.familyNameKana,
        givenNameKana: address.givenNameKana,
        phone: address.phone,
      },
      expiresAt: deadlines.provider,
    });
    const shown = new Date(
      Math.min(deadlines.shown.getTime(), voucher.expiresAt.getTime() - BALANCE_LIMITS.voucherSafetyMs),
    );
    const [updated] = await ctx.db
      .update(topUps)
      .set({
        providerPaymentId: voucher.id,
        voucher: { ...voucher.codes },
        providerDeadline: voucher.expiresAt,
        deadline: shown,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(topUps.id, row.id), eq(topUps.state, "PENDING")))
      .returning();
    return updated ?? row;
  } catch (error) {
    // The provider refused or is down: this top-up ends here, so the member can try again.
    await moveTopUp(ctx, row, "fail", { reason: isAppError(error) ? error.code : "provider unavailable" });
    if (isAppError(error) && error.code === "VALIDATION") throw error;
    throw new AppError("UNAVAILABLE", { message: TOP_UP_MESSAGES.providerDown });
  }
}

export const topUpReference = (id: number) => `topup-${id}`;
