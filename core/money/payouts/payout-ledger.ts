import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { changeState } from "../../state/change-state.ts";
import { returnProceeds } from "../balance/proceeds.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import { PAYOUT_MACHINE, type PayoutAction, type PayoutRow } from "./payout-states.ts";

type Deps = Pick<CoreContext, "db" | "clock">;
type Actor = { role: "member" | "operator" | "system"; id?: number };

export async function loadPayout(db: Db, id: number, lock = false): Promise<PayoutRow> {
  const query = db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  // An unknown id (an office step on a payout that does not exist) is a 404, not a crash.
  if (!row) throw new AppError("NOT_FOUND", { message: msg("balance.errors.payoutNotFound") });
  return row;
}

/** Moves a payout by `action` from the state it was read in (see `changeState`). */
export async function movePayout(
  ctx: Deps,
  row: PayoutRow,
  action: PayoutAction,
  o: { reason?: string | null; set?: Partial<PayoutRow>; actor?: Actor } = {},
): Promise<PayoutRow> {
  const { to } = await changeState(ctx, {
    machine: PAYOUT_MACHINE,
    table: payouts,
    id: row.id,
    from: row.state,
    action,
    actor: o.actor ?? { role: "system" },
    reason: o.reason ?? null,
    ...(o.set ? { set: o.set } : {}),
  });
  return { ...row, ...o.set, state: to };
}

/**
 * The money has left: what was set aside goes to the payout provider's clearing account, and the
 * fee to revenue. Posted once per payout (SENT for a bank, PAID for an ATM or a wallet).
 */
export async function settlePayoutMoney(ctx: Deps, p: PayoutRow): Promise<void> {
  await postEntry(ctx, {
    idempotencyKey: `payout:${p.id}:settle`,
    kind: "payout_settled",
    refs: { payoutId: p.id },
    lines: [
      { account: platformAccount("payouts_pending"), amount: -(p.amount + p.fee) },
      { account: platformAccount("payout_clearing"), amount: p.amount },
      ...(p.fee > 0 ? [{ account: platformAccount("revenue"), amount: p.fee }] : []),
    ],
  });
}

/**
 * Moves a payout to a state that gives the money back (`fail`, `expire`, `cancel`, `reject`) and
 * returns amount and fee to the proceeds lots they came from, in one database transaction. A
 * payout already settled (a bank transfer returned after sending) takes the money back from the
 * clearing account and the fee from revenue.
 */
export async function returnPayout(
  ctx: Deps,
  payoutId: number,
  action: "fail" | "expire" | "cancel" | "reject",
  o: { reason?: string | null; actor?: Actor; failureReason?: string | null } = {},
): Promise<PayoutRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayout(txCtx.db, payoutId, true);
    const settled = p.state === "SENT" || p.state === "PAID";
    const moved = await movePayout(txCtx, p, action, {
      reason: o.reason ?? null,
      ...(o.actor ? { actor: o.actor } : {}),
      set: { failureReason: o.failureReason ?? o.reason ?? null, completedAt: ctx.clock.now() },
    });
    const total = p.amount + p.fee;
    await returnProceeds(txCtx, {
      idempotencyKey: `payout:${p.id}:return`,
      kind: "payout_returned",
      refs: { payoutId: p.id },
      userId: p.userId,
      uses: p.lots,
      lines: settled
        ? [
            { account: platformAccount("payout_clearing"), amount: -p.amount },
            ...(p.fee > 0 ? [{ account: platformAccount("revenue"), amount: -p.fee }] : []),
            { account: memberAccount(p.userId, "proceeds"), amount: total },
          ]
        : [
            { account: platformAccount("payouts_pending"), amount: -total },
            { account: memberAccount(p.userId, "proceeds"), amount: total },
          ],
    });
    return moved;
  });
}
