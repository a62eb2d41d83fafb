import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { loadPayout, movePayout, returnPayout, settlePayoutMoney } from "./payout-ledger.ts";
import type { AtmCode, WalletTransfer } from "./payout-providers.ts";
import type { PayoutRow } from "./payout-states.ts";

const HOUR_MS = 60 * 60 * 1000;
const payoutReference = (id: number) => `payout-${id}`;

/**
 * Hands a READY payout to its provider, or brings one the provider holds up to date: an ATM code
 * is issued (then paid, expired or cancelled), a wallet transfer sent (then paid or failed). Bank
 * payouts wait for a run. Safe to call again at any time (every provider call is idempotent by our
 * reference); answers the payout as it now stands.
 */
export async function dispatchPayout(ctx: CoreContext, payoutId: number): Promise<PayoutRow> {
  const p = await loadPayout(ctx.db, payoutId);
  if (p.method === "seven" && (p.state === "READY" || p.state === "ISSUED")) {
    const code = p.providerRef
      ? await ctx.atm.get(p.providerRef)
      : await ctx.atm.issue({
          reference: payoutReference(p.id),
          amount: p.amount,
          expiresAt: new Date(ctx.clock.now().getTime() + BALANCE_LIMITS.atmCodeHours * HOUR_MS),
        });
    return code ? applyAtmCode(ctx, p.id, code) : p;
  }
  if (p.method === "kyash" && p.state === "READY") {
    const transfer = p.providerRef
      ? await ctx.wallet.get(p.providerRef)
      : await ctx.wallet.send({
          reference: payoutReference(p.id),
          accountId: p.destination.accountId ?? "",
          amount: p.amount,
        });
    return transfer ? applyWalletTransfer(ctx, p.id, transfer) : p;
  }
  return p;
}

/** The one place an ATM code's status is applied to its payout. */
export async function applyAtmCode(ctx: CoreContext, payoutId: number, code: AtmCode): Promise<PayoutRow> {
  const p = await loadPayout(ctx.db, payoutId);
  if (p.state === "READY" && code.status === "issued") {
    return movePayout(ctx, p, "issue", {
      set: {
        provider: ctx.atm.name,
        providerRef: code.id,
        code: code.code,
        confirmation: code.confirmation,
        expiresAt: code.expiresAt,
      },
    });
  }
  if (p.state !== "READY" && p.state !== "ISSUED") return p;
  if (!p.providerRef) {
    await ctx.db
      .update(payouts)
      .set({ provider: ctx.atm.name, providerRef: code.id })
      .where(eq(payouts.id, p.id));
  }
  switch (code.status) {
    case "issued":
      return p;
    case "paid":
      return settle(ctx, p.id, "payout_paid");
    case "expired": {
      const moved = await returnPayout(ctx, p.id, "expire", { reason: "the ATM code was not used in time" });
      await balanceNotice(ctx, {
        userId: p.userId,
        event: "atm_expired",
        amount: p.amount + p.fee,
        refs: { payoutId: p.id },
      });
      return moved;
    }
    case "cancelled":
      return p.state === "ISSUED"
        ? returnPayout(ctx, p.id, "cancel", { reason: "the ATM code was withdrawn" })
        : p;
  }
}

/**
 * The ATM provider's notice that a code was used or ran out: applied at once to the payout it was
 * issued for (found by the provider's id), instead of waiting for the next round of the balance's
 * clockwork. A code we do not know is ignored.
 */
export async function receiveAtmCode(ctx: CoreContext, code: AtmCode): Promise<PayoutRow | null> {
  const [p] = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.provider, ctx.atm.name), eq(payouts.providerRef, code.id)))
    .limit(1);
  return p ? applyAtmCode(ctx, p.id, code) : null;
}

/** The one place a wallet transfer's status is applied to its payout. */
async function applyWalletTransfer(
  ctx: CoreContext,
  payoutId: number,
  transfer: WalletTransfer,
): Promise<PayoutRow> {
  const p = await loadPayout(ctx.db, payoutId);
  if (p.state !== "READY") return p;
  if (!p.providerRef) {
    await ctx.db
      .update(payouts)
      .set({ provider: ctx.wallet.name, providerRef: transfer.id, updatedAt: ctx.clock.now() })
      .where(eq(payouts.id, p.id));
  }
  switch (transfer.status) {
    case "pending":
      return loadPayout(ctx.db, p.id);
    case "paid":
      return settle(ctx, p.id, "payout_paid");
    case "failed": {
      const moved = await returnPayout(ctx, p.id, "fail", {
        reason: `the wallet refused it (${transfer.failureCode ?? "unknown"})`,
        failureReason: transfer.failureCode ?? "unknown",
      });
      await balanceNotice(ctx, {
        userId: p.userId,
        event: "payout_returned",
        amount: p.amount + p.fee,
        refs: { payoutId: p.id },
      });
      return moved;
    }
  }
}

/** The cash or wallet money was taken: PAID and the money settled, in one transaction. */
async function settle(ctx: CoreContext, payoutId: number, event: "payout_paid"): Promise<PayoutRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayout(txCtx.db, payoutId, true);
    if (p.state === "PAID") return p;
    const moved = await movePayout(txCtx, p, "pay", { set: { completedAt: ctx.clock.now() } });
    await settlePayoutMoney(txCtx, moved);
    await balanceNotice(txCtx, { userId: p.userId, event, amount: p.amount, refs: { payoutId: p.id } });
    return moved;
  });
}
