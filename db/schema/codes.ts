/**
 * The code lists the tables' columns take (their enums), as plain arrays with no Drizzle import, so
 * that the core's code tables build their labels on them and a page can read them without the
 * schema. Each list is here once; `core/<context>` imports it, never the reverse.
 */

/** A listing's states (spec §3); HIDDEN, ours, is a listing trust and safety has taken down. */
export const ITEM_STATE_CODES = ["ASK", "SALE", "SOLD", "DISABLED", "DRAFT", "PRIVATE", "HIDDEN"] as const;

/** A transaction's states (spec §4). */
export const TRANSACTION_STATE_CODES = [
  "INVALID",
  "AUTH",
  "START",
  "PENDING",
  "CANCELING",
  "CANCELED",
  "SHIPPING",
  "REVIEWED_BY_BUYER",
  "COMPLETED",
] as const;

/** RMJ reuse-mobile grades: S unused, A fine, B moderate wear, C worn, J junk (with the failed checks). */
export const BUYBACK_GRADES = ["S", "A", "B", "C", "J"] as const;
export type BuybackGrade = (typeof BUYBACK_GRADES)[number];

/**
 * The defect classes business buyers price separately (the bid list's "NG condition"): none, a
 * broken or faulty display, a worn battery (under 80 %), a faulty camera, faulty buttons or sensors
 * (Face ID, Touch ID), no power, and a device its carrier has blocked (network restriction ×).
 */
export const BUYBACK_NG_CONDITIONS = [
  "none",
  "screen",
  "battery",
  "camera",
  "sensor",
  "no_power",
  "network_blocked",
] as const;
export type BuybackNgCondition = (typeof BUYBACK_NG_CONDITIONS)[number];

/** Seller-side states of one device sent in (spec §4): 10 start … 60 canceled. */
export const BUYBACK_ITEM_STATE_CODES = ["10", "20", "30", "40", "50", "60"] as const;
export type BuybackItemState = (typeof BUYBACK_ITEM_STATE_CODES)[number];

/** Buyer-side states of a delivery (spec §4): 10 start (not shipped), 20 shipped. */
export const BUYBACK_DELIVERY_STATE_CODES = ["10", "20"] as const;
export type BuybackDeliveryState = (typeof BUYBACK_DELIVERY_STATE_CODES)[number];
