import type { Yen } from "../shared/codes.ts";

/**
 * The buyback's numbers, in one place. Offers stand for a week and silence never accepts one; the
 * buyer pays the amount plus our fee; the Secondhand Articles Dealer Act's ¥10,000 exemption and
 * its age rule; the sample a recommended price needs.
 */
export const BUYBACK_RULES = {
  /** Days a member has to accept or decline an offer (no answer = declined, device returned free). */
  offerDays: 7,
  /** Days an application waits for the device before it lapses. */
  shipWithinDays: 14,
  /** Days the member has to remove an activation lock before the device is refused. */
  unlockWaitDays: 14,
  /** Our margin: a percentage of the amount, paid by the buyer on top of it. */
  buyerFeePercent: 10,
  /** Below this total (対価の総額) the Act does not require an identity check, except for listed goods. */
  identityExemptBelow: 10_000 as Yen,
  /** Members younger than this cannot sell to us. */
  minimumAge: 18,
  /** Devices per application. */
  maxDevicesPerApplication: 10,
  /** Recommended prices: the window of accepted prices and the fewest points to say anything. */
  recommendWindowDays: 90,
  recommendMinSample: 5,
  /** Days a delivery collects devices before it is due to ship. */
  deliveryLeadDays: 3,
  /** Most photos a grader attaches to one device. */
  maxPhotos: 10,
  /** Dealer ledger rows are kept at least this many years (Act art. 18). */
  ledgerKeepYears: 3,
} as const;

/** Deductions, as a percentage of the bid each: a second and further defect, network restriction △, non-genuine parts. */
export const DEDUCTION_PERCENT = {
  extra_defect: 10,
  network_pending: 10,
  non_genuine_parts: 10,
} as const;
