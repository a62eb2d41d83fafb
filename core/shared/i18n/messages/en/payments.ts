import type { Messages } from "../../messages.ts";

/** The payments' words: card details refused, webhook signatures, payment steps not allowed now. */
export const enPayments: Pick<Messages, "payments"> = {
  payments: {
    card: {
      numberRequired: "Enter the card number",
      numberDigits: "The card number may only contain digits",
      numberLength: "A {brand} card number has {length} digits ({typed, number} entered)",
      numberLengthAny: "The card number has the wrong number of digits ({typed, number} entered)",
      numberInvalid: "This card number is not valid. Check it against the card",
      expiryRequired: "Enter the expiry date",
      expiryFormat: "Enter the expiry as printed on the card, month/year (e.g. 08/29)",
      expiryMonth: "The expiry month must be from 01 to 12",
      expired: "This card has expired",
      cvcRequired: "Enter the security code",
      cvcLength: "The security code is the {length, number}-digit number on the back of the card",
      cvcLengthFront: "The security code is the {length, number}-digit number on the front of the card",
    },
    errors: {
      invalidCard: "Enter valid card details",
      invalidSignature: "Invalid signature",
      replayedEvent: "This event was already received",
      notNow: "This payment cannot take that step now",
    },
  },
};
