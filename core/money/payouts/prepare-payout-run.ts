import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import { addBankingDays } from "../../banking/banking-days.ts";
import { writeZenginTransferFile, type ZenginAccountType } from "../../banking/zengin-file.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { recordCreation } from "../../state/change-state.ts";
import { movePayout } from "./payout-ledger.ts";
import { type OfficeActor, PAYOUT_RUN_MESSAGES, type PayoutRunRow } from "./payout-run.ts";
import { PAYOUT_RUN_MACHINE } from "./payout-states.ts";
import { REMITTER } from "./remitter.ts";

/**
 * Gathers every bank payout ready now into one run for the next banking day after today (Tokyo),
 * and writes its 全銀 file. The payouts leave READY for BATCHED together with the run's creation.
 */
export async function preparePayoutRun(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { meta?: RequestMeta } = {},
): Promise<PayoutRunRow> {
  const operator = await authorize(ctx, actor, "payouts:run");
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const ready = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.method, "bank"), eq(payouts.state, "READY")))
      .orderBy(asc(payouts.id))
      .limit(5000)
      .for("update", { skipLocked: true });
    if (ready.length === 0) throw new AppError("CONFLICT", { message: PAYOUT_RUN_MESSAGES.nothingToRun });
    const transferDate = addBankingDays(tokyoNow(ctx.clock.now()).date, 1);
    const file = writeZenginTransferFile({
      requester: REMITTER,
      transferDate,
      transfers: ready.map((p) => ({
        reference: p.id,
        bankCode: p.destination.bankCode ?? "",
        bankKana: p.destination.bankKana ?? "",
        branchCode: p.destination.branchCode ?? "",
        branchKana: p.destination.branchKana ?? "",
        accountType: (p.destination.accountType === "2" ? "2" : "1") as ZenginAccountType,
        accountNumber: p.destination.accountNumber ?? "",
        holderKana: p.destination.holderKana ?? "",
        amount: p.amount,
      })),
    });
    const now = ctx.clock.now();
    const [run] = await tx
      .insert(payoutRuns)
      .values({
        transferDate,
        state: "PREPARED",
        count: ready.length,
        total: ready.reduce((s, p) => s + p.amount, 0),
        preparedBy: operator.id,
        file: Buffer.from(file).toString("base64"),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordCreation(txCtx, {
      machine: PAYOUT_RUN_MACHINE,
      id: run!.id,
      state: "PREPARED",
      actor: { role: "operator", id: operator.id },
    });
    for (const p of ready) {
      await movePayout(txCtx, p, "batch", {
        actor: { role: "operator", id: operator.id },
        set: { runId: run!.id },
      });
    }
    await recordAudit(txCtx, {
      operator,
      action: "payouts:run",
      target: { type: "payout_run", id: run!.id },
      changes: { state: [null, "PREPARED"], count: [null, run!.count], total: [null, run!.total] },
      meta: o.meta,
    });
    return run!;
  });
}
