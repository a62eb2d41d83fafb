import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { authorize } from "../staff/authorize.ts";
import { type BulkOutcome, chosenIds, forEachChosen } from "../staff/bulk.ts";
import { parseOfficeReason } from "./office-rules.ts";
import { takeOfficeStep } from "./office-steps.ts";

/**
 * The office releases several held transactions at once, with one reason: each is released as by
 * its own page (the transaction machine's step, its claim cleared, audited one by one); one that
 * cannot be released (no longer held, say) is reported with why, and the others go on.
 */
export async function releaseHeldTransactions(
  ctx: CoreContext,
  o: { actor: SessionUser | null; ids: unknown; input: unknown; meta?: RequestMeta | undefined },
): Promise<BulkOutcome[]> {
  await authorize(ctx, o.actor, "transactions:hold");
  // What is wrong with the request as a whole (no row chosen, no reason) changes nothing.
  const ids = chosenIds(o.ids);
  const reason = parseOfficeReason(o.input);
  return forEachChosen(ids, (transactionId) =>
    takeOfficeStep(ctx, { actor: o.actor, transactionId, step: "release", input: { reason }, meta: o.meta }),
  );
}
