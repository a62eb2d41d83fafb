import { and, eq, gte, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { bankAccounts, ledgerAccounts, payouts, walletLinks } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError, isDatabaseError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { startOfTokyoDay } from "../../shared/validation/tokyo-clock.ts";
import { recordCreation } from "../../state/change-state.ts";
import { PAYOUT_FEES, type PayoutMethod } from "../balance/fees.ts";
import { BALANCE_FIELD_LABELS, yenField } from "../balance/fields.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { debitProceeds } from "../balance/proceeds.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { assertOffered } from "../offered-methods.ts";
import { bankDestination } from "./bank-destination.ts";
import { dispatchPayout } from "./dispatch-payout.ts";
import { PAYOUT_MACHINE, type PayoutRow, RETURNED_PAYOUT_STATES } from "./payout-states.ts";
import { walletOf } from "./wallet-link.ts";

export const PAYOUT_MESSAGES = {
  notFound: msg("balance.errors.payoutNotFound"),
  needsBank: msg("balance.errors.needsBankAccount"),
  needsWallet: msg("balance.errors.needsKyash"),
  thousands: msg("balance.errors.atmThousands"),
  dayLimit: msg("balance.errors.dayLimit", { max: BALANCE_LIMITS.payoutPerDay }),
  repeated: msg("balance.errors.payoutRepeated"),
  keyReused: msg("balance.errors.payoutKeyReused"),
  notCancellable: msg("balance.errors.payoutNotCancellable"),
};

/** The form: how much to receive (the fee is taken from the proceeds on top), and its request key. */
function payoutSchema(method: PayoutMethod) {
  const fee = PAYOUT_FEES[method];
  return z.object({ amount: yenField(fee + 1, BALANCE_LIMITS.payout[method].max) });
}

/** What a payout of `amount` takes from the proceeds, and what arrives. */
function payoutQuote(method: PayoutMethod, amount: number) {
  const fee = PAYOUT_FEES[method];
  return { amount, fee, total: amount + fee };
}

/** Checks the form without moving anything (the application page's confirm step). */
export function checkPayout(
  method: PayoutMethod,
  input: { amount?: unknown },
): { amount: number; fee: number; total: number } {
  const { amount } = parseInput(payoutSchema(method), input, BALANCE_FIELD_LABELS);
  if (method === "seven" && amount % BALANCE_LIMITS.payout.seven.step !== 0) {
    throw new AppError("VALIDATION", { fields: { amount: PAYOUT_MESSAGES.thousands } });
  }
  return payoutQuote(method, amount);
}

/**
 * A member takes proceeds out: to their registered bank account, as a Seven Bank ATM code, or to
 * their linked Kyash account. In one database transaction, with the member's proceeds account
 * locked (so concurrent requests line up and the per-day limit holds): the amount plus the fee
 * leaves the proceeds (refused as "not enough" when it would go below zero) and waits in the
 * platform's payouts account. The same `requestKey` asks once: a repeated confirm answers the
 * payout already made, flagged `repeated`. Then the provider is called (outside the transaction;
 * the balance job finishes what a crash interrupts).
 */
export async function requestPayout(
  ctx: CoreContext,
  o: {
    userId: number;
    method: PayoutMethod;
    input: { amount?: unknown };
    requestKey: string;
    automatic?: boolean;
  },
): Promise<{ payout: PayoutRow; repeated: boolean }> {
  assertOffered(ctx, { payout: o.method });
  const existing = await byRequestKey(ctx.db, o.userId, o.requestKey);
  if (existing) {
    // The same key with another method or amount is another request: refused, as purchases do.
    if (
      existing.method !== o.method ||
      (!o.automatic && existing.amount !== askedAmount(o.method, o.input))
    ) {
      throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.keyReused });
    }
    return { payout: existing, repeated: true };
  }
  const quote = o.automatic ? payoutQuote(o.method, Number(o.input.amount)) : checkPayout(o.method, o.input);
  // Every payout waits out the 24 hours after the destination was replaced (the member was mailed
  // about the change): a member's own request is refused, the deadline round leaves it for later.
  await assertDestinationNotHeld(ctx, o.userId, o.method);
  const destination =
    o.method === "bank"
      ? await bankDestination(ctx, o.userId)
      : o.method === "kyash"
        ? await kyashDestination(ctx, o.userId)
        : {};
  const now = ctx.clock.now();
  let payout: PayoutRow;
  try {
    payout = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await lockProceeds(db, o.userId, now);
      if (!o.automatic) await checkDayLimit(db, o.userId, quote.total, now);
      const [row] = await db
        .insert(payouts)
        .values({
          userId: o.userId,
          method: o.method,
          amount: quote.amount,
          fee: quote.fee,
          state: quote.total > BALANCE_LIMITS.approvalThreshold ? "AWAITING_APPROVAL" : "READY",
          automatic: o.automatic ?? false,
          destination,
          requestKey: o.requestKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordCreation(
        { db, clock: ctx.clock },
        {
          machine: PAYOUT_MACHINE,
          id: row!.id,
          state: row!.state,
          actor: o.automatic ? { role: "system" } : { role: "member", id: o.userId },
        },
      );
      const uses = await debitProceeds(
        { db, clock: ctx.clock },
        {
          idempotencyKey: `payout:${row!.id}:request`,
          kind: "payout",
          refs: { payoutId: row!.id },
          userId: o.userId,
          amount: quote.total,
          lines: [
            { account: memberAccount(o.userId, "proceeds"), amount: -quote.total },
            { account: platformAccount("payouts_pending"), amount: quote.total },
          ],
        },
      );
      const [withLots] = await db
        .update(payouts)
        .set({ lots: uses ?? [] })
        .where(eq(payouts.id, row!.id))
        .returning();
      return withLots!;
    });
  } catch (error) {
    if (isDatabaseError(error, "23505")) {
      const again = await byRequestKey(ctx.db, o.userId, o.requestKey);
      if (again) return { payout: again, repeated: true };
    }
    throw error;
  }
  return { payout: await dispatchPayout(ctx, payout.id), repeated: false };
}

/** Refuses a payout to a bank or Kyash account within 24 hours of its replacing another. */
async function assertDestinationNotHeld(
  ctx: CoreContext,
  userId: number,
  method: PayoutMethod,
): Promise<void> {
  const table = method === "bank" ? bankAccounts : method === "kyash" ? walletLinks : null;
  if (!table) return;
  const [row] = await ctx.db
    .select({ heldUntil: table.heldUntil })
    .from(table)
    .where(eq(table.userId, userId));
  const until = row?.heldUntil;
  if (!until || until <= ctx.clock.now()) return;
  const tokyo = new Date(until.getTime() + 9 * 3600_000);
  const time = `${tokyo.getUTCHours()}:${String(tokyo.getUTCMinutes()).padStart(2, "0")}`;
  throw new AppError("CONFLICT", {
    message: msg("balance.errors.destinationHeld", {
      month: tokyo.getUTCMonth() + 1,
      day: tokyo.getUTCDate(),
      time,
    }),
  });
}

/** The amount a form asks for, or null when it does not pass (a repeat of a valid request always does). */
function askedAmount(method: PayoutMethod, input: { amount?: unknown }): number | null {
  try {
    return checkPayout(method, input).amount;
  } catch {
    return null;
  }
}

async function byRequestKey(db: Db, userId: number, key: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.requestKey, key)));
  return row ?? null;
}

async function kyashDestination(ctx: CoreContext, userId: number): Promise<Record<string, string>> {
  const wallet = await walletOf(ctx, userId);
  if (!wallet) throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.needsWallet });
  return { provider: wallet.provider, accountId: wallet.accountId };
}

/** Locks the member's proceeds account row (made if missing): payouts of one member line up here. */
async function lockProceeds(db: Db, userId: number, now: Date): Promise<void> {
  await db.insert(ledgerAccounts).values({ userId, kind: "proceeds", updatedAt: now }).onConflictDoNothing();
  await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, "proceeds")))
    .for("update");
}

async function checkDayLimit(db: Db, userId: number, total: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payouts.amount} + ${payouts.fee}), 0)` })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        eq(payouts.automatic, false),
        gte(payouts.createdAt, startOfTokyoDay(now)),
        notInArray(payouts.state, [...RETURNED_PAYOUT_STATES]),
      ),
    );
  if (Number(row?.sum ?? 0) + total > BALANCE_LIMITS.payoutPerDay) {
    throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.dayLimit });
  }
}
