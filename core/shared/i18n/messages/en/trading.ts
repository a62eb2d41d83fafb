import type { Messages } from "../../messages.ts";

/** The trading's words: buying and transaction errors, field labels and the action-needed mails. */
export const enTrading: Pick<Messages, "trading"> = {
  trading: {
    errors: {
      soldOut: "This item is sold out",
      notForSale: "The seller has taken this item off sale, so it cannot be bought now",
      ownItem: "You cannot buy your own item",
      noAddress: "Register a delivery address before buying",
      keyReused: "This purchase was already submitted with different details. Please reload the page",
      inProgress: "Your purchase is still being processed. Please check again shortly",
      declined: "The card was declined. Please try another card",
      secureFailed: "3-D Secure authentication did not succeed, so the purchase was canceled",
      secureExpired: "3-D Secure authentication timed out, so the purchase was canceled",
      notEnoughPoints: "You do not have enough points",
      cardRequired: "Choose a card to pay with",
      notFound: "Transaction not found",
      notNow: "This transaction cannot take that step now",
      notYourStep: "This step is for the other party",
      messagesClosed: "This transaction has ended; messages are closed",
      idempotencyKeyInvalid: "Idempotency-Key must be 8-200 letters, digits or _ . : -",
      idempotencyKeyMissing: "Send an Idempotency-Key header",
      pickupRequired: "Choose a pickup date and time",
      courierFeeOverProceeds:
        "The postage for this size (¥{fee, number}) is more than your proceeds (¥{proceeds, number}). Choose a smaller size, or contact us from this page if it does not fit",
      sizeRequired: "Choose the parcel size",
      courierMaintenance:
        "The courier's system is under maintenance (the 1st of each month, 3:00-5:00). Please try again later",
      tracking: {
        yamato: "A Yamato Transport tracking number has 12 digits (for example 1234-5678-9012)",
        sagawa: "A Sagawa tracking number has 12 digits (e.g. 1234-5678-9012)",
        japanPost:
          "A Japan Post tracking number has 11 to 13 digits (for example 1234-5678-9012); international ones look like EA123456789JP",
        any: "Enter a tracking number of 10 to 13 digits (international ones look like EA123456789JP)",
        checkDigit: "This tracking number is not valid. Please compare it with your receipt",
      },
      cancelReasonRequired: "Choose why you want to cancel",
      cancelReasonNotYours: "This reason is not available to you. Please choose another",
      dropOffNotExpired: "The QR code is still valid",
      dropOffNone: "This transaction has no drop-off QR code",
      pickupSpotNotOffered:
        "This item cannot be collected at a pickup spot (only items sent by Easy delivery via Tsugu can)",
      pickupSpotUnknown:
        "The pickup spot you chose was not found. Choose again from the spots near your address",
      nekoposuToSpot: "Nekoposu cannot go to a pickup spot. Choose Compact or a parcel",
    },
    trackingHints: {
      yamato: "Yamato Transport's 12-digit tracking number. Hyphens and full-width digits are fine",
      sagawa: "Sagawa's 12-digit tracking number. Hyphens and full-width digits are fine",
      japanPost: "Japan Post's 11- to 13-digit tracking number. Hyphens and full-width digits are fine",
      any: "The carrier's tracking number (10 to 13 digits). Hyphens and full-width digits are fine",
    },
    carriers: { yamato: "Yamato Transport", japan_post: "Japan Post", sagawa: "Sagawa Express" },
    cancelReasons: {
      ordered_by_mistake: "I bought it by mistake",
      not_shipped: "It has not been shipped by the promised date",
      cannot_ship: "I can no longer ship the item (broken, lost…)",
      listing_mistake: "The listing had a mistake",
      no_reply: "The other party does not reply",
      agreed: "We talked it over and agreed to cancel",
      other: "Other",
    },
    fields: {
      paymentMethod: "Payment method",
      cardToken: "Card",
      savedCardId: "Saved card",
      idempotencyKey: "Idempotency-Key",
      rating: "Rating",
      comment: "Comment",
      message: "Message",
      step: "Step",
      hold: "Hold",
      invoiceKind: "Invoice kind",
      parcelSize: "Size",
      shippingType: "How you hand it over",
      pickupDate: "Pickup date",
      pickupSlot: "Pickup time",
      packaging: "Packaging",
      handlingNotes: "Handling notes",
      carrier: "Carrier",
      trackingNumber: "Tracking number",
      cancelReason: "Reason for canceling",
      cancelNote: "Details",
      pickupSpotId: "Pickup spot",
    },
    mail: {
      sold: {
        subject: "[Tsugu] “{title}” was bought",
        body: "“{title}” was bought. Please ship it from the transaction page.",
      },
      shipped: {
        subject: "[Tsugu] “{title}” has been shipped",
        body: "“{title}” has been shipped. When it arrives, please confirm receipt with a rating on the transaction page.",
      },
      shipReminder: {
        subject: "[Tsugu] Please ship “{title}”",
        body: "“{title}” has not been shipped yet. Please ship it from the transaction page.",
      },
      rateReminder: {
        subject: "[Tsugu] Please confirm receipt of “{title}”",
        body: "When “{title}” arrives, please confirm receipt with a rating on the transaction page.",
      },
      cancelRequested: {
        subject: "[Tsugu] Cancellation requested for “{title}”",
        body: "Cancellation was requested for “{title}”. Please agree or continue the transaction on its page.",
      },
      purchased: {
        subject: "[Tsugu] Thank you for buying “{title}”",
        body: "Your payment for “{title}” is complete.\n\nWhat happens next: the seller ships the item ({leadTime}, by about {shipBy}). When it is on its way, we will tell you in the app and by e-mail.\nWhen it arrives, check what is inside, then confirm receipt with a rating on the transaction page. Your rating completes the transaction.\n\nTransaction page:",
      },
    },
  },
};
