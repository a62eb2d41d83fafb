import { TOP_UP_STATES, type topUps } from "#db/schema/index.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { defineMachine } from "../../state/machine.ts";
import type { VoucherStatus } from "./voucher-gateway.ts";

export type TopUpRow = typeof topUps.$inferSelect;

/**
 * A top-up's life. PENDING: the voucher is issued (or the card charge is running); PAID: the
 * points are credited; EXPIRED: our deadline passed unpaid; CANCELED: the member withdrew it;
 * FAILED: the provider refused it. Money that arrives after EXPIRED or CANCELED is never turned
 * away: `pay_late` credits it and the office is told.
 */
export const TOP_UP_MACHINE = defineMachine({
  name: "top_up",
  states: TOP_UP_STATES,
  create: { PENDING: ["member"] },
  transitions: {
    pay: { from: ["PENDING"], to: "PAID", by: ["system"] },
    pay_late: { from: ["EXPIRED", "CANCELED", "FAILED"], to: "PAID", by: ["system"] },
    expire: { from: ["PENDING"], to: "EXPIRED", by: ["system"] },
    cancel: { from: ["PENDING"], to: "CANCELED", by: ["member", "system"] },
    fail: { from: ["PENDING"], to: "FAILED", by: ["system"] },
  },
  messages: {
    notNow: msg("balance.errors.topUpNotNow"),
    inState: {
      PAID: msg("balance.errors.topUpPaid"),
      EXPIRED: msg("balance.errors.topUpExpired"),
      CANCELED: msg("balance.errors.topUpCanceled"),
    },
  },
});

/**
 * What a voucher provider's status means for a top-up: the one place that decides it. `waiting`:
 * the payer has not paid yet; `paid`: the money is ours to credit; `ended`: it will never be paid
 * (with the action that records why).
 */
export function voucherMeaning(
  status: VoucherStatus,
): { kind: "waiting" } | { kind: "paid" } | { kind: "ended"; action: "expire" | "cancel" } {
  switch (status) {
    case "pending":
      return { kind: "waiting" };
    case "paid":
      return { kind: "paid" };
    case "expired":
      return { kind: "ended", action: "expire" };
    case "cancelled":
      return { kind: "ended", action: "cancel" };
  }
}
