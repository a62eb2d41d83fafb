import type { Yen } from "../../shared/codes.ts";
import type { ChargeStatus } from "./payment-status.ts";

export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };
export type SavedCard = CardSummary & { id: string };

export type Charge = {
  id: string;
  amount: Yen;
  /** Where the charge stands at the provider (read it with `readProviderStatus`). */
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
