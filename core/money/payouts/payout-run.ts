import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { PayoutRow } from "./payout-states.ts";

/** The finance operator who takes a step of a bank run. */
export type OfficeActor = Pick<SessionUser, "id" | "role">;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;

export const PAYOUT_RUN_MESSAGES = {
  nothingToRun: msg("balance.office.errors.nothingToRun"),
  runNotPrepared: msg("balance.office.errors.runNotPrepared"),
  runNotFound: msg("balance.office.errors.runNotFound"),
};

/** A run as stored (NOT_FOUND when there is none). */
export async function loadPayoutRun(db: Db, id: number): Promise<PayoutRunRow> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id));
  if (!run) throw new AppError("NOT_FOUND", { message: PAYOUT_RUN_MESSAGES.runNotFound });
  return run;
}

/** The run's 全銀 file name, as banks expect it. */
export function payoutRunFilename(run: Pick<PayoutRunRow, "id" | "transferDate">): string {
  return `zengin-${run.transferDate.replaceAll("-", "")}-${run.id}.txt`;
}

/**
 * A run still PREPARED and its batched payouts, locked in the caller's transaction for the step
 * that ends it (sent to the bank or discarded); CONFLICT when the run has already moved on.
 */
export async function lockPreparedRun(
  tx: Db,
  runId: number,
): Promise<{ run: PayoutRunRow; batched: PayoutRow[] }> {
  const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).for("update");
  if (!run) throw new AppError("NOT_FOUND", { message: PAYOUT_RUN_MESSAGES.runNotFound });
  if (run.state !== "PREPARED")
    throw new AppError("CONFLICT", { message: PAYOUT_RUN_MESSAGES.runNotPrepared });
  const batched = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.runId, run.id), eq(payouts.state, "BATCHED")))
    .for("update");
  return { run, batched };
}
