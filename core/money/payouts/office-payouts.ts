import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import { addBankingDays } from "../../banking/banking-days.ts";
import { writeZenginTransferFile, type ZenginAccountType } from "../../banking/zengin-file.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { changeState, recordCreation } from "../../state/change-state.ts";
import { parseOfficeReason } from "../../trading/office-rules.ts";
import { raiseMoneyAlert } from "../balance/alerts.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { dispatchPayout } from "./dispatch-payout.ts";
import { loadPayout, movePayout, returnPayout, settlePayoutMoney } from "./payout-ledger.ts";
import { PAYOUT_RUN_MACHINE, type PayoutRow } from "./payout-states.ts";
import { REMITTER } from "./remitter.ts";

type Actor = Pick<SessionUser, "id" | "role">;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;

const OFFICE_PAYOUT_MESSAGES = {
  secondApprover: msg("balance.office.errors.secondApprover"),
  nothingToRun: msg("balance.office.errors.nothingToRun"),
  runNotPrepared: msg("balance.office.errors.runNotPrepared"),
  runNotFound: msg("balance.office.errors.runNotFound"),
  notSent: msg("balance.office.errors.notSent"),
};

/**
 * A finance operator approves a payout above the threshold. Two different operators must: the
 * first approval is recorded and the payout keeps waiting; the second, by someone else, releases
 * it to its provider. The same operator approving twice is refused.
 */
export async function approvePayout(
  ctx: CoreContext,
  actor: Actor,
  o: { payoutId: number; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = await authorize(ctx, actor, "payouts:approve");
  const after = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayout(txCtx.db, o.payoutId, true);
    if (p.state !== "AWAITING_APPROVAL") {
      return movePayout(txCtx, p, "approve", { actor: { role: "operator", id: operator.id } });
    }
    let next: PayoutRow;
    if (p.firstApproverId === null) {
      await tx
        .update(payouts)
        .set({ firstApproverId: operator.id, updatedAt: ctx.clock.now() })
        .where(eq(payouts.id, p.id));
      next = { ...p, firstApproverId: operator.id };
    } else {
      if (p.firstApproverId === operator.id) {
        throw new AppError("CONFLICT", { message: OFFICE_PAYOUT_MESSAGES.secondApprover });
      }
      next = await movePayout(txCtx, p, "approve", {
        actor: { role: "operator", id: operator.id },
        set: { secondApproverId: operator.id },
      });
    }
    await recordAudit(txCtx, {
      operator,
      action: "payouts:approve",
      target: { type: "payout", id: p.id },
      changes: {
        state: [p.state, next.state],
        approvals: [p.firstApproverId ? 1 : 0, next.secondApproverId ? 2 : 1],
      },
      meta: o.meta,
    });
    return next;
  });
  return after.state === "READY" ? dispatchPayout(ctx, after.id) : after;
}

/** Finance refuses a payout waiting for approval; the money goes back to the member's proceeds. */
export async function rejectPayout(
  ctx: CoreContext,
  actor: Actor,
  o: { payoutId: number; reason: string; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = await authorize(ctx, actor, "payouts:approve");
  const reason = parseOfficeReason({ reason: o.reason });
  const moved = await returnPayout(ctx, o.payoutId, "reject", {
    actor: { role: "operator", id: operator.id },
    reason,
  });
  await recordAudit(ctx, {
    operator,
    action: "payouts:reject",
    target: { type: "payout", id: o.payoutId },
    changes: { state: ["AWAITING_APPROVAL", moved.state] },
    reason,
    meta: o.meta,
  });
  await balanceNotice(ctx, {
    userId: moved.userId,
    event: "payout_returned",
    amount: moved.amount + moved.fee,
    refs: { payoutId: moved.id },
  });
  return moved;
}

/**
 * Gathers every bank payout ready now into one run for the next banking day after today (Tokyo),
 * and writes its 全銀 file. The payouts leave READY for BATCHED together with the run's creation.
 */
export async function preparePayoutRun(
  ctx: CoreContext,
  actor: Actor,
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
    if (ready.length === 0) throw new AppError("CONFLICT", { message: OFFICE_PAYOUT_MESSAGES.nothingToRun });
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

/** A run's file, as generated (the same bytes every time), with the name banks expect. */
export async function payoutRunFile(
  ctx: CoreContext,
  actor: Actor,
  o: { runId: number; meta?: RequestMeta },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const operator = await authorize(ctx, actor, "payouts:run");
  const run = await loadRun(ctx.db, o.runId);
  await recordAudit(ctx, {
    operator,
    action: "payouts:download",
    target: { type: "payout_run", id: run.id },
    meta: o.meta,
  });
  return {
    bytes: new Uint8Array(Buffer.from(run.file, "base64")),
    filename: `zengin-${run.transferDate.replaceAll("-", "")}-${run.id}.txt`,
  };
}

/**
 * The file was uploaded to the bank: the run and its payouts are SENT, the money settled (out of
 * the pending payouts, the fee earned), the bank is handed the file, and each member is told.
 */
export async function markPayoutRunSent(
  ctx: CoreContext,
  actor: Actor,
  o: { runId: number; meta?: RequestMeta },
): Promise<PayoutRunRow> {
  const operator = await authorize(ctx, actor, "payouts:run");
  const sent = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, o.runId)).for("update");
    if (!run) throw new AppError("NOT_FOUND", { message: OFFICE_PAYOUT_MESSAGES.runNotFound });
    if (run.state !== "PREPARED")
      throw new AppError("CONFLICT", { message: OFFICE_PAYOUT_MESSAGES.runNotPrepared });
    const now = ctx.clock.now();
    const batched = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.runId, run.id), eq(payouts.state, "BATCHED")))
      .for("update");
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

/** A prepared run is dropped (the file was not sent): its payouts are READY again for the next run. */
export async function discardPayoutRun(
  ctx: CoreContext,
  actor: Actor,
  o: { runId: number; meta?: RequestMeta },
): Promise<PayoutRunRow> {
  const operator = await authorize(ctx, actor, "payouts:run");
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, o.runId)).for("update");
    if (!run) throw new AppError("NOT_FOUND", { message: OFFICE_PAYOUT_MESSAGES.runNotFound });
    if (run.state !== "PREPARED")
      throw new AppError("CONFLICT", { message: OFFICE_PAYOUT_MESSAGES.runNotPrepared });
    const batched = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.runId, run.id), eq(payouts.state, "BATCHED")))
      .for("update");
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

/**
 * The bank could not make a transfer (振込不能 / 組戻し): the payout FAILS with the bank's reason,
 * its money (fee included) returns to the proceeds, the member is told and finance sees an alert.
 * By an operator reading the bank's notice, or by the bank sync with `actor` null.
 */
export async function recordBankReturn(
  ctx: CoreContext,
  actor: Actor | null,
  o: { payoutId: number; reason: string; meta?: RequestMeta },
): Promise<PayoutRow> {
  const operator = actor ? await authorize(ctx, actor, "payouts:run") : null;
  const reason = parseOfficeReason({ reason: o.reason });
  const p = await loadPayout(ctx.db, o.payoutId);
  if (p.method !== "bank" || p.state !== "SENT") {
    if (p.state === "FAILED") return p;
    throw new AppError("CONFLICT", { message: OFFICE_PAYOUT_MESSAGES.notSent });
  }
  const moved = await returnPayout(ctx, p.id, "fail", {
    ...(operator ? { actor: { role: "operator" as const, id: operator.id } } : {}),
    reason,
    failureReason: reason,
  });
  await recordAudit(ctx, {
    operator,
    action: "payouts:return",
    target: { type: "payout", id: p.id },
    changes: { state: ["SENT", "FAILED"] },
    reason,
    meta: o.meta,
  });
  await raiseMoneyAlert(ctx, {
    kind: "payout_failed",
    userId: p.userId,
    refs: { payoutId: p.id },
    dedupeKey: `payout:${p.id}:failed`,
    detail: reason,
  });
  await balanceNotice(ctx, {
    userId: p.userId,
    event: "payout_returned",
    amount: p.amount + p.fee,
    refs: { payoutId: p.id },
  });
  return moved;
}

/** Reads the bank's returns for runs sent in the last two weeks and records each once. */
export async function syncBankReturns(ctx: CoreContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - 14 * 24 * 60 * 60 * 1000);
  const runs = await ctx.db
    .select({ id: payoutRuns.id, sentAt: payoutRuns.sentAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.state, "SENT"));
  let recorded = 0;
  for (const run of runs) {
    if (!run.sentAt || run.sentAt < since) continue;
    const returns = await ctx.bank.returns(run.id);
    if (returns.length === 0) continue;
    const ids = returns.map((r) => Number(r.reference)).filter((id) => Number.isSafeInteger(id));
    const open = await ctx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.runId, run.id), eq(payouts.state, "SENT"), inArray(payouts.id, ids)));
    for (const { id } of open) {
      const r = returns.find((x) => Number(x.reference) === id)!;
      await recordBankReturn(ctx, null, { payoutId: id, reason: r.reason });
      recorded += 1;
    }
  }
  return recorded;
}

async function loadRun(db: Db, id: number): Promise<PayoutRunRow> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id));
  if (!run) throw new AppError("NOT_FOUND", { message: OFFICE_PAYOUT_MESSAGES.runNotFound });
  return run;
}
