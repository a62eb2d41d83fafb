import type { Messages } from "../../messages.ts";

/** The payments' words: card details refused, webhook signatures, payment steps not allowed now. */
export const enPayments: Pick<Messages, "payments"> = {
  payments: {
    errors: {
      invalidCard: "Enter valid card details",
      cardExpired: "The card has expired",
      invalidSignature: "Invalid signature",
      notNow: "This payment cannot take that step now",
    },
  },
};
