import type { TransactionState } from "../shared/codes.ts";
import { AppError } from "../shared/errors.ts";

export type TransactionRole = "buyer" | "seller" | "operator" | "system";

/** States an operator may put on hold (PENDING) and later release back into. */
export const HOLDABLE_STATES = ["START", "SHIPPING", "REVIEWED_BY_BUYER", "CANCELING"] as const;

/**
 * The transaction's life as data (spec §4): which step moves it from which states to which, and
 * who may take it. `release` returns to the state the hold interrupted (kept in `held_from`).
 */
export const TRANSACTION_TRANSITIONS = {
  /** The card payment went through (at once, or after 3-D Secure) and the money is in escrow. */
  pay: { from: ["AUTH"], to: "START", by: ["system"] },
  /** Declined, failed 3-D Secure or not finished within 30 minutes. */
  fail_payment: { from: ["AUTH"], to: "INVALID", by: ["system"] },
  ship: { from: ["START"], to: "SHIPPING", by: ["seller"] },
  rate_by_buyer: { from: ["SHIPPING"], to: "REVIEWED_BY_BUYER", by: ["buyer"] },
  rate_by_seller: { from: ["REVIEWED_BY_BUYER"], to: "COMPLETED", by: ["seller"] },
  /** The buyer or seller never rated within the set number of days. */
  auto_complete: { from: ["SHIPPING", "REVIEWED_BY_BUYER"], to: "COMPLETED", by: ["system"] },
  request_cancel: { from: ["START"], to: "CANCELING", by: ["buyer", "seller"] },
  /** Taken by the party who did not ask (checked against `cancel_requested_by`). */
  agree_cancel: { from: ["CANCELING"], to: "CANCELED", by: ["buyer", "seller"] },
  /** Taken by the party who did not ask: the sale goes on. */
  refuse_cancel: { from: ["CANCELING"], to: "START", by: ["buyer", "seller"] },
  cancel_by_office: { from: ["START", "SHIPPING", "CANCELING", "PENDING"], to: "CANCELED", by: ["operator"] },
  hold: { from: HOLDABLE_STATES, to: "PENDING", by: ["operator"] },
  release: { from: ["PENDING"], to: "held", by: ["operator"] },
} as const satisfies Record<
  string,
  { from: readonly TransactionState[]; to: TransactionState | "held"; by: readonly TransactionRole[] }
>;

export type TransactionAction = keyof typeof TRANSACTION_TRANSITIONS;

export const TRANSACTION_STATE_MESSAGES = {
  notNow: {
    ja: "この取引では、いまその操作はできません",
    en: "This transaction cannot take that step now",
  },
  notYourStep: { ja: "この操作は取引の相手が行います", en: "This step is for the other party" },
};

/**
 * The steps a party may take on a transaction now, read off the table: what a page offers them.
 * A cancellation is answered only by the party who did not ask for it.
 */
export function availableTransactionActions(
  state: TransactionState,
  role: TransactionRole,
  cancelRequestedBy: string | null,
): TransactionAction[] {
  return (Object.keys(TRANSACTION_TRANSITIONS) as TransactionAction[]).filter((action) => {
    const t = TRANSACTION_TRANSITIONS[action];
    if (!(t.by as readonly TransactionRole[]).includes(role)) return false;
    if (!(t.from as readonly TransactionState[]).includes(state)) return false;
    if (action === "agree_cancel" || action === "refuse_cancel") return cancelRequestedBy !== role;
    return true;
  });
}

/**
 * The state a step leads to, or an AppError: FORBIDDEN for a role that may not take the step at all,
 * CONFLICT for a step out of order.
 */
export function nextTransactionState(
  from: TransactionState,
  action: TransactionAction,
  role: TransactionRole,
  heldFrom?: TransactionState | null,
): TransactionState {
  const t = TRANSACTION_TRANSITIONS[action];
  if (!(t.by as readonly TransactionRole[]).includes(role)) {
    throw new AppError("FORBIDDEN", { message: TRANSACTION_STATE_MESSAGES.notYourStep });
  }
  if (!(t.from as readonly TransactionState[]).includes(from)) {
    throw new AppError("CONFLICT", { message: TRANSACTION_STATE_MESSAGES.notNow });
  }
  if (t.to === "held") {
    if (!heldFrom) throw new AppError("CONFLICT", { message: TRANSACTION_STATE_MESSAGES.notNow });
    return heldFrom;
  }
  return t.to;
}
