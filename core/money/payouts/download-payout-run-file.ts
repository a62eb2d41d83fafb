import type { CoreContext } from "../../shared/context.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { loadPayoutRun, type OfficeActor, payoutRunFilename } from "./payout-run.ts";

/** A run's file, as generated (the same bytes every time), with the name banks expect. */
export async function payoutRunFile(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { runId: number; meta?: RequestMeta },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const operator = await authorize(ctx, actor, "payouts:run");
  const run = await loadPayoutRun(ctx.db, o.runId);
  await recordAudit(ctx, {
    operator,
    action: "payouts:download",
    target: { type: "payout_run", id: run.id },
    meta: o.meta,
  });
  return {
    bytes: new Uint8Array(Buffer.from(run.file, "base64")),
    filename: payoutRunFilename(run),
  };
}
