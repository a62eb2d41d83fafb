import { eq } from "drizzle-orm";
import { payouts, users } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { authorize } from "../../staff/authorize.ts";
import { hasPermission } from "../../staff/permissions.ts";
import { availableActions } from "../../state/machine.ts";
import {
  historyOf,
  nicknames,
  type OfficePayoutRow,
  type OfficeViewer,
  officeRow,
  type PayoutRunRow,
  runRow,
  type StateStep,
} from "./office-payout-rows.ts";
import { loadPayoutRun, payoutRunFilename } from "./payout-run.ts";
import { PAYOUT_RUN_MACHINE } from "./payout-states.ts";

export type PayoutRunDetail = {
  run: PayoutRunRow & { filename: string };
  payouts: (OfficePayoutRow & {
    bank: string;
    holderKana: string;
    failureReason: string | null;
    canReturn: boolean;
  })[];
  history: StateStep[];
  canSend: boolean;
  canDiscard: boolean;
  /** May download the file (`payouts:run`). */
  canDownload: boolean;
};

/** One bank run: its transfers (and how each ended), its history, and the steps open now. */
export async function getPayoutRun(
  ctx: CoreContext,
  o: { actor: OfficeViewer; runId: number },
): Promise<PayoutRunDetail> {
  const operator = await authorize(ctx, o.actor, "payouts:read");
  const run = await loadPayoutRun(ctx.db, o.runId);
  const rows = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.runId, run.id))
    .orderBy(payouts.id);
  const names = await nicknames(ctx, [run.preparedBy, run.sentBy]);
  const runs = hasPermission(operator.roles, "payouts:run");
  const actions = availableActions(PAYOUT_RUN_MACHINE, run.state, "operator");
  return {
    run: {
      ...runRow(run, names),
      filename: payoutRunFilename(run),
    },
    payouts: rows.map(({ payout: p, nickname }) => ({
      ...officeRow(p, nickname),
      bank: [p.destination.bankName, p.destination.branchName].filter(Boolean).join(" "),
      holderKana: p.destination.holderKana ?? "",
      failureReason: p.failureReason,
      canReturn: runs && p.method === "bank" && p.state === "SENT",
    })),
    history: await historyOf(ctx, PAYOUT_RUN_MACHINE, run.id),
    canSend: runs && actions.includes("send"),
    canDiscard: runs && actions.includes("discard"),
    canDownload: runs,
  };
}
