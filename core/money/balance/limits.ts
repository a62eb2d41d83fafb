/**
 * The balance's limits, in one place (the payout fees are `fees.ts`). Proceeds are kept 180 days (the member is reminded 30, 7 and
 * 1 days ahead); vouchers are shown with a deadline at least 30 minutes before the provider's.
 * Convenience-store vouchers stop below ¥50,000 (above it a revenue stamp is due on the receipt);
 * Pay-easy at ATMs takes up to ¥100,000. ATM codes are in whole thousands (the ATM gives notes).
 * A payout above the approval threshold waits for two finance operators.
 */
export const BALANCE_LIMITS = {
  proceedsKeepDays: 180,
  reminderDays: [30, 7, 1] as const,
  voucherDays: 3,
  voucherSafetyMs: 30 * 60 * 1000,
  topUp: {
    cvs: { min: 500, max: 49_999 },
    payeasy: { min: 500, max: 100_000 },
    card: { min: 500, max: 100_000 },
  },
  payout: {
    bank: { max: 1_000_000 },
    seven: { max: 100_000, step: 1_000 },
    kyash: { max: 100_000 },
  },
  payoutPerDay: 2_000_000,
  atmCodeHours: 24,
  approvalThreshold: 300_000,
  freePointsDays: 180,
} as const;
