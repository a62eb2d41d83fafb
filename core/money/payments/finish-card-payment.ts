import type { CoreContext } from "../../shared/context.ts";
import type { Message } from "../../shared/i18n/translate.ts";
import { applyCharge, loadPayment, syncPayment } from "./apply-charge.ts";
import type { PaymentPurpose } from "./payment-purpose.ts";
import { readProviderStatus } from "./payment-status.ts";
import { type CardPaymentResult, cardPaymentResult, UNSETTLED } from "./start-card-payment.ts";

/**
 * The one way back from 3-D Secure (the card issuer's redirect, or the payer looking again). The
 * redirect proves nothing: a charge still waiting for authentication is finished with the
 * provider, one held or taken meanwhile is brought up to date, and the answer applied by the
 * payments core (safe to repeat). A refusal says `expired` when the challenge ran out, else
 * `failed`.
 */
export async function finishCardPayment(
  ctx: CoreContext,
  o: {
    paymentId: number;
    purpose: PaymentPurpose;
    /** Where the issuer sends the payer back, when the challenge is still to be taken. */
    returnUrl?: string;
    messages: { failed: Message; expired: Message };
  },
): Promise<CardPaymentResult> {
  let payment = await loadPayment(ctx.db, o.paymentId);
  if (payment.chargeId && readProviderStatus(payment.chargeStatus) === "awaiting_3ds") {
    const charge = await ctx.payments.finishThreeDSecure(payment.chargeId);
    payment = await applyCharge(ctx, payment.id, charge, o.purpose);
  } else if (payment.chargeId && UNSETTLED.includes(payment.state)) {
    payment = await syncPayment(ctx, payment.id, o.purpose);
  }
  const refusal = payment.state === "EXPIRED" ? o.messages.expired : o.messages.failed;
  return cardPaymentResult(ctx, payment, o.returnUrl ?? null, refusal);
}
