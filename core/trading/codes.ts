// The sale's codes: its transaction states labelled (the list is `db/schema/codes.ts`'s), the parcel's
// packing options (spec §3) and the courier's fees and maintenance window (§9).
import { TRANSACTION_STATE_CODES } from "#db/schema/codes.ts";
import type { CodeOf, KeyedCodeEntry, Yen } from "../shared/codes.ts";
import { COURIER_INVOICE_KIND, type CourierInvoiceKind, type ParcelSize } from "../shared/courier.ts";
import { msg } from "../shared/i18n/translate.ts";

export const TRANSACTION_STATES = TRANSACTION_STATE_CODES.map((code) => ({
  code,
  label: msg(`codes.transactionState.${code}`),
}));
export type TransactionState = CodeOf<typeof TRANSACTION_STATES>;

export const PACKAGINGS = [
  // The spec gives "none" no code; the empty string is what an unselected form control submits.
  { code: "", key: "NONE", label: msg("codes.packaging.NONE") },
  { code: "01", key: "BOX", label: msg("codes.packaging.01") },
  { code: "02", key: "THIN", label: msg("codes.packaging.02") },
] as const satisfies readonly KeyedCodeEntry[];

export const HANDLING_NOTES = [
  { code: "01", key: "PRECISION_MACHINE", label: msg("codes.handlingNote.01") },
  { code: "02", key: "FRAGILE", label: msg("codes.handlingNote.02") },
  { code: "03", key: "DO_NOT_STACK", label: msg("codes.handlingNote.03") },
  { code: "04", key: "THIS_SIDE_UP", label: msg("codes.handlingNote.04") },
  { code: "05", key: "PERISHABLE", label: msg("codes.handlingNote.05") },
] as const satisfies readonly KeyedCodeEntry[];

/** The courier API is down in this window; the spec gives "day 1" without saying of week or month. */
export const COURIER_MAINTENANCE_WINDOW = { day: 1, startHour: 3, endHour: 5 } as const;

export const COURIER_FEES = {
  nekoposu: 150,
  compact: 350,
  parcel: { 60: 700, 80: 800, 100: 1000, 120: 1100, 140: 1300, 160: 1600 },
} as const satisfies { nekoposu: Yen; compact: Yen; parcel: Record<ParcelSize, Yen> };

/** What the courier charges for one invoice: by kind, and for a parcel by its size (spec §9). */
export function courierFee(kind: CourierInvoiceKind, size: ParcelSize | null): Yen {
  if (kind === COURIER_INVOICE_KIND.NEKOPOSU) return COURIER_FEES.nekoposu;
  if (kind === COURIER_INVOICE_KIND.COMPACT) return COURIER_FEES.compact;
  return COURIER_FEES.parcel[size ?? 60];
}
