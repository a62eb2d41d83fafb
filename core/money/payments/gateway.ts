import type { Yen } from "../../shared/codes.ts";

/**
 * Where a card charge stands at the provider. `requires_3ds`: created, waiting for the buyer's 3-D
 * Secure challenge; `authorized`: the amount is held on the card; `captured`: taken; `voided`: the
 * hold was released without taking anything; `refunded`: taken and given back; `failed`: declined
 * or 3-D Secure failed; `expired`: the challenge was never finished in time.
 */
export const CHARGE_STATUSES = [
  "requires_3ds",
  "authorized",
  "captured",
  "voided",
  "refunded",
  "failed",
  "expired",
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };
export type SavedCard = CardSummary & { id: string };

export type Charge = {
  id: string;
  amount: Yen;
  status: ChargeStatus;
  /** Our own reference for the charge, kept by the provider (metadata), to find it after a crash. */
  reference: string;
  card: CardSummary | null;
  failureCode: string | null;
};

/** A card the browser tokenised, or a card saved with the provider for a customer. */
export type PaymentSource = { token: string } | { customerId: string; cardId: string };

type AuthorizeResult = { ok: true; charge: Charge } | { ok: false; code: string };

export type PaymentEvent = { id: string; type: string; chargeId: string | null };

/**
 * A card payment provider. Card numbers never reach our server: the browser exchanges them for a
 * single-use token with the provider, and we only ever see tokens, ids and the last four digits.
 * Every call that changes a charge is safe to repeat.
 */
export type PaymentGateway = {
  readonly name: string;
  readonly kind: "sandbox" | "live";
  /** The key the browser uses to tokenise cards with the provider. */
  readonly publicKey: string;
  /** Creates an uncaptured charge; with `threeDSecure` it waits for the buyer's challenge. */
  authorize(o: {
    amount: Yen;
    source: PaymentSource;
    reference: string;
    threeDSecure: boolean;
  }): Promise<AuthorizeResult>;
  /** Where to send the buyer for the challenge; they come back to `returnUrl`. */
  challengeUrl(chargeId: string, returnUrl: string): string;
  /** After the challenge: the provider's verdict, `authorized` or `failed`. */
  finishThreeDSecure(chargeId: string): Promise<Charge>;
  capture(chargeId: string): Promise<Charge>;
  /** Releases an authorisation (nothing was taken). */
  void(chargeId: string): Promise<Charge>;
  refund(chargeId: string): Promise<Charge>;
  getCharge(chargeId: string): Promise<Charge | null>;
  /** The charge made under our reference since `since`, if the provider has one. */
  findCharge(reference: string, since: Date): Promise<Charge | null>;
  createCustomer(o: { userId: number; email: string }): Promise<string>;
  addCard(customerId: string, token: string): Promise<SavedCard>;
  listCards(customerId: string): Promise<SavedCard[]>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
  /** The event a webhook request carries, or null when its signature or token is wrong. */
  verifyWebhook(o: { headers: Record<string, string | undefined>; body: string }): PaymentEvent | null;
};
