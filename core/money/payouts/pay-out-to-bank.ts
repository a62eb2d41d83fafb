import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payoutRuns } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { changeState } from "../../state/change-state.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { movePayout, settlePayoutMoney } from "./payout-ledger.ts";
import { lockPreparedRun, type OfficeActor, type PayoutRunRow } from "./payout-run.ts";
import { PAYOUT_RUN_MACHINE } from "./payout-states.ts";

/**
 * The file was uploaded to the bank: the run and its payouts are SENT, the money settled (out of
 * the pending payouts, the fee earned), the bank is handed the file, and each member is told.
 */
export async function markPayoutRunSent(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { runId: number; meta?: RequestMeta },
): Promise<PayoutRunRow> {
  const operator = await authorize(ctx, actor, "payouts:run");
  const sent = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const { run, batched } = await lockPreparedRun(txCtx.db, o.runId);
    const now = ctx.clock.now();
    for (const p of batched) {
      const moved = await movePayout(txCtx, p, "send", {
        actor: { role: "operator", id: operator.id },
        set: { provider: ctx.bank.name, completedAt: now },
      });
      await settlePayoutMoney(txCtx, moved);
      await balanceNotice(txCtx, {
        userId: p.userId,
        event: "payout_sent",
        amount: p.amount,
        refs: { payoutId: p.id },
      });
    }
    await changeState(txCtx, {
      machine: PAYOUT_RUN_MACHINE,
      table: payoutRuns,
      id: run.id,
      from: run.state,
      action: "send",
      actor: { role: "operator", id: operator.id },
      set: { sentBy: operator.id, sentAt: now },
    });
    const [after] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, run.id));
    await recordAudit(txCtx, {
      operator,
      action: "payouts:send",
      target: { type: "payout_run", id: run.id },
      changes: { state: ["PREPARED", "SENT"] },
      meta: o.meta,
    });
    return { run: after!, references: batched.map((p) => String(p.id)) };
  });
  await ctx.bank.submit({
    runId: sent.run.id,
    file: new Uint8Array(Buffer.from(sent.run.file, "base64")),
    references: sent.references,
  });
  return sent.run;
}
