import type { CoreContext } from "../../shared/context.ts";
import type { PaymentRow } from "./payment-states.ts";

/** What a held payment's purpose wants now: take the money, wait (still deciding), or let it go. */
type PurposeDecision = "capture" | "wait" | "release";

/**
 * What a payment is for, seen from the payments core: a purchase or a card top-up today; a payout
 * or a buyback payment next. The core decides what the provider's word means; the purpose decides
 * what that does to the thing paid for.
 */
export type PaymentPurpose = {
  decide(ctx: CoreContext, payment: PaymentRow): Promise<PurposeDecision>;
  /**
   * The money is taken and sits in the payer's `payment` account: move it where the purpose
   * wants, in the caller's database transaction (`ctx.db`). Answers false when the purpose has
   * ended meanwhile; the payment is then refunded, so money is never kept for nothing.
   */
  settle(ctx: CoreContext, payment: PaymentRow): Promise<boolean>;
  /** After a settlement committed: tell the people involved. */
  afterSettled(ctx: CoreContext, payment: PaymentRow): Promise<void>;
  /** No money was or will be taken: undo what the purpose reserved, in the caller's transaction. */
  abandon(ctx: CoreContext, payment: PaymentRow, why: "void" | "fail" | "expire" | "cancel"): Promise<void>;
};

export type PaymentPurposes = Record<PaymentRow["purpose"], PaymentPurpose>;
