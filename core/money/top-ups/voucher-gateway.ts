import type { Yen } from "../../shared/codes.ts";

/** How a voucher is paid: at a convenience store's till, or by Pay-easy (ATM or online banking). */
export type VoucherMethod = "cvs" | "payeasy";

/**
 * Where a voucher stands at the provider: `pending` (issued, waiting for the payer's cash),
 * `paid`, `expired` (the provider's deadline passed unpaid), `cancelled` (withdrawn by us).
 * Like KOMOJU's konbini payments, a voucher can still be paid shortly after the deadline shown to
 * the payer, so `paid` may follow our own deadline; it never follows `cancelled` or `expired`.
 */
export const VOUCHER_STATUSES = ["pending", "paid", "expired", "cancelled"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/**
 * What the payer needs, as the provider issued it. Convenience store: `paymentCode` (受付番号 /
 * お支払い番号) and `confirmationNumber` where the store asks for one. Pay-easy: `customerNumber`
 * (お客様番号), `institutionNumber` (収納機関番号), `confirmationNumber` (確認番号). Both may carry
 * `instructionsUrl` (the provider's how-to-pay page) and `receiptUrl` (a printable slip).
 */
export type VoucherCodes = {
  paymentCode?: string;
  confirmationNumber?: string;
  customerNumber?: string;
  institutionNumber?: string;
  instructionsUrl?: string;
  receiptUrl?: string;
};

export type Voucher = {
  id: string;
  method: VoucherMethod;
  /** Convenience-store code (spec §3: 10001 Lawson, 10002 FamilyMart, 10005 Ministop, 10008 Seicomart). */
  store: string | null;
  amount: Yen;
  status: VoucherStatus;
  /** Our own reference, kept by the provider (external order number), to find it after a crash. */
  reference: string;
  codes: VoucherCodes;
  /** The provider's deadline for paying. */
  expiresAt: Date;
  paidAt: Date | null;
};

/** Who pays: the provider prints the name on the slip; Pay-easy needs the kana and a phone number. */
export type VoucherPayer = {
  email: string;
  familyName: string;
  givenName: string;
  familyNameKana: string;
  givenNameKana: string;
  phone: string;
};

export type VoucherEvent = { id: string; type: string; voucherId: string | null };

/**
 * A provider of payment vouchers (convenience store and Pay-easy), shaped like KOMOJU's payments
 * API. Every call is safe to repeat: creating with a reference already used answers the same
 * voucher; cancelling a cancelled voucher answers it as it is.
 */
export type VoucherGateway = {
  readonly name: string;
  readonly kind: "sandbox" | "live" | "off";
  createVoucher(o: {
    method: VoucherMethod;
    store: string | null;
    amount: Yen;
    reference: string;
    payer: VoucherPayer;
    /** The provider's deadline; it answers the one it actually set. */
    expiresAt: Date;
  }): Promise<Voucher>;
  getVoucher(id: string): Promise<Voucher | null>;
  /** The voucher made under our reference, if the provider has one. */
  findVoucher(reference: string): Promise<Voucher | null>;
  /** Withdraws an unpaid voucher; a paid one answers as paid (the money is then ours to credit). */
  cancelVoucher(id: string): Promise<Voucher>;
  /** The event a webhook request carries, or null when its signature is wrong (checked in constant time). */
  verifyWebhook(o: { headers: Record<string, string | undefined>; body: string }): VoucherEvent | null;
};
