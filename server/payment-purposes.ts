import type { PaymentPurposes } from "#core/money/payments/payment-purpose.ts";
import { topUpPurpose } from "#core/money/top-ups/card-top-up.ts";
import { purchasePurpose } from "#core/trading/purchase-payment.ts";

/** What each kind of payment is for: how the payments core settles it. One entry per purpose. */
export const PAYMENT_PURPOSES: PaymentPurposes = {
  purchase: purchasePurpose,
  top_up: topUpPurpose,
};
