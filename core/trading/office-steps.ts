import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { claimQueueItem } from "../staff/claim-queue-item.ts";
import { type Claim, clearClaim } from "../staff/claims.ts";
import { cancelTransaction } from "./cancel-transaction.ts";
import { holdTransaction } from "./hold-transaction.ts";
import { loadTransaction } from "./load-transaction.ts";
import { completeByOffice } from "./office-complete.ts";
import { OFFICE_STEPS, type OfficeStep, parseOfficeReason } from "./office-rules.ts";

/**
 * One office step on a transaction, as the back office's page and API take it: hold, release,
 * cancel with refund, or complete for the seller. The operator's roles must grant the step's
 * permission (else FORBIDDEN, nothing changes) and every step needs a reason (1–500 characters).
 * Each step audits itself in the database transaction of its change.
 */
export async function takeOfficeStep(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    transactionId: number;
    step: OfficeStep;
    input: unknown;
    meta?: RequestMeta | undefined;
  },
): Promise<{ state: string }> {
  await authorize(ctx, o.actor, OFFICE_STEPS[o.step].permission);
  const reason = parseOfficeReason(o.input);
  const common = { actor: o.actor, transactionId: o.transactionId, meta: o.meta };
  switch (o.step) {
    case "hold":
      return holdTransaction(ctx, { ...common, hold: true, reason });
    case "release": {
      const result = await holdTransaction(ctx, { ...common, hold: false, reason });
      // Out of the queue: whoever had claimed it is done with it.
      await clearClaim(ctx.db, "transactions", o.transactionId);
      return result;
    }
    case "cancel":
      return cancelTransaction(ctx, { ...common, step: "office", reason });
    case "complete":
      return completeByOffice(ctx, { ...common, input: { reason } });
  }
}

/**
 * An operator who may work the queue (`transactions:hold`) takes a transaction under review. Of
 * two operators claiming at once one wins and the other gets CONFLICT, naming who has it.
 */
export async function claimOfficeTransaction(
  ctx: CoreContext,
  o: { actor: SessionUser | null; transactionId: number; meta?: RequestMeta | undefined },
): Promise<Claim> {
  await authorize(ctx, o.actor, "transactions:hold");
  const t = await loadTransaction(ctx.db, o.transactionId);
  if (t.state !== "PENDING") throw new AppError("CONFLICT", { message: msg("office.errors.notInQueue") });
  return claimQueueItem(ctx, {
    actor: o.actor,
    queue: "transactions",
    itemId: t.id,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}
