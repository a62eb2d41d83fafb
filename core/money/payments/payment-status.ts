/**
 * The one reader of a card provider's raw charge statuses. The gateways (`payjp-gateway.ts`,
 * `sandbox-gateway.ts`) produce these words; everything else in the core asks this file what they
 * mean, or acts on the result of `startCardPayment` / `finishCardPayment`.
 *
 * `requires_3ds`: created, waiting for the buyer's 3-D Secure challenge; `authorized`: the amount
 * is held on the card; `captured`: taken; `voided`: the hold was released without taking anything;
 * `refunded`: taken and given back; `failed`: declined or 3-D Secure failed; `expired`: the
 * challenge was never finished in time.
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

/**
 * A raw status as the rest of the core reads it: `awaiting_3ds` (the buyer must finish 3-D
 * Secure), `authorized` (held), `paid` (taken), `voided`, `failed`, `expired`, `refunded`; `none`
 * when no charge was made yet; `unknown` for a word no gateway of ours produces.
 */
export type ProviderStatus =
  | "awaiting_3ds"
  | "authorized"
  | "paid"
  | "voided"
  | "failed"
  | "expired"
  | "refunded"
  | "none"
  | "unknown";

const READINGS: Record<ChargeStatus, ProviderStatus> = {
  requires_3ds: "awaiting_3ds",
  authorized: "authorized",
  captured: "paid",
  voided: "voided",
  refunded: "refunded",
  failed: "failed",
  expired: "expired",
};

/** What a provider's raw charge status (as a charge carries it, or as a payment row stored it) says. */
export function readProviderStatus(raw: string | null | undefined): ProviderStatus {
  if (raw === null || raw === undefined) return "none";
  return Object.hasOwn(READINGS, raw) ? READINGS[raw as ChargeStatus] : "unknown";
}

/**
 * What a charge's status means for the payment: the one place that decides it. `pending`: nothing
 * held yet (waiting for 3-D Secure); `held`: money held, not taken; `taken`: money taken;
 * `released`: nothing was or will be taken (with the action that records why); `returned`: taken,
 * then given back.
 */
export function chargeMeaning(
  status: ChargeStatus,
):
  | { kind: "pending" }
  | { kind: "held" }
  | { kind: "taken" }
  | { kind: "released"; action: "void" | "fail" | "expire" }
  | { kind: "returned" } {
  switch (readProviderStatus(status)) {
    case "authorized":
      return { kind: "held" };
    case "paid":
      return { kind: "taken" };
    case "voided":
      return { kind: "released", action: "void" };
    case "failed":
      return { kind: "released", action: "fail" };
    case "expired":
      return { kind: "released", action: "expire" };
    case "refunded":
      return { kind: "returned" };
    default:
      return { kind: "pending" };
  }
}
