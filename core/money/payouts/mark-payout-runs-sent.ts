import type { CoreContext } from "../../shared/context.ts";
import type { RequestMeta } from "../../staff/authorize.ts";
import { authorize } from "../../staff/authorize.ts";
import { type BulkOutcome, chosenIds, forEachChosen } from "../../staff/bulk.ts";
import { markPayoutRunSent } from "./pay-out-to-bank.ts";
import type { OfficeActor } from "./payout-run.ts";

/**
 * Finance marks several bank runs sent at once (their files went to the bank): each run as by its
 * own page (its payouts sent and settled, the members told, audited run by run); a run that cannot
 * be (sent already, discarded) is reported with why, and the others go on.
 */
export async function markPayoutRunsSent(
  ctx: CoreContext,
  actor: OfficeActor,
  o: { ids: unknown; meta?: RequestMeta | undefined },
): Promise<BulkOutcome[]> {
  await authorize(ctx, actor, "payouts:run");
  const ids = chosenIds(o.ids);
  return forEachChosen(ids, (runId) => markPayoutRunSent(ctx, actor, { runId, meta: o.meta }));
}
