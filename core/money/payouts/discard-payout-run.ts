import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payoutRuns } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { changeState } from "../../state/change-state.ts";
import { movePayout } from "./payout-ledger.ts";
import { lockPreparedRun, type OfficeActor, type PayoutRunRow } from "./payout-run.ts";
import { PAYOUT_RUN_MACHINE } from "./payout-states.ts";

/** A prepared run is dropped (the file was not sent): its payouts are READY again for the next run. */
export async function discardPayoutRun(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { runId: number; meta?: RequestMeta },
): Promise<PayoutRunRow> {
  const operator = await authorize(ctx, actor, "payouts:run");
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const { run, batched } = await lockPreparedRun(txCtx.db, o.runId);
    for (const p of batched) {
      await movePayout(txCtx, p, "unbatch", {
        actor: { role: "operator", id: operator.id },
        set: { runId: null },
      });
    }
    await changeState(txCtx, {
      machine: PAYOUT_RUN_MACHINE,
      table: payoutRuns,
      id: run.id,
      from: run.state,
      action: "discard",
      actor: { role: "operator", id: operator.id },
    });
    const [after] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, run.id));
    await recordAudit(txCtx, {
      operator,
      action: "payouts:discard",
      target: { type: "payout_run", id: run.id },
      changes: { state: ["PREPARED", "DISCARDED"] },
      meta: o.meta,
    });
    return after!;
  });
}
