import { describe, expect, it } from "vitest";
import { TRANSACTION_STATES, type TransactionState } from "../shared/codes.ts";
import { isAppError } from "../shared/errors.ts";
import {
  availableTransactionActions,
  nextTransactionState,
  TRANSACTION_TRANSITIONS,
  type TransactionAction,
  type TransactionRole,
} from "./transaction-states.ts";

const STATES = TRANSACTION_STATES.map((s) => s.code);
const ROLES: TransactionRole[] = ["buyer", "seller", "operator", "system"];

function outcome(from: TransactionState, action: TransactionAction, role: TransactionRole) {
  try {
    return nextTransactionState(from, action, role, "SHIPPING");
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("transaction state machine", () => {
  it("offers each party exactly the steps the table allows it now", () => {
    expect(availableTransactionActions("START", "seller", null)).toEqual(["ship", "request_cancel"]);
    expect(availableTransactionActions("START", "buyer", null)).toEqual(["request_cancel"]);
    expect(availableTransactionActions("SHIPPING", "buyer", null)).toEqual(["rate_by_buyer"]);
    expect(availableTransactionActions("SHIPPING", "seller", null)).toEqual([]);
    expect(availableTransactionActions("REVIEWED_BY_BUYER", "seller", null)).toEqual(["rate_by_seller"]);
    expect(availableTransactionActions("CANCELING", "buyer", "seller")).toEqual([
      "agree_cancel",
      "refuse_cancel",
    ]);
    expect(availableTransactionActions("CANCELING", "seller", "seller")).toEqual([]);
    expect(availableTransactionActions("COMPLETED", "buyer", null)).toEqual([]);
    // Every offered step is one the machine then accepts.
    for (const state of STATES)
      for (const role of ROLES)
        for (const action of availableTransactionActions(state, role, null))
          expect(STATES, `${state} ${action} ${role}`).toContain(outcome(state, action, role));
  });

  it("walks the happy path: AUTH → START → SHIPPING → REVIEWED_BY_BUYER → COMPLETED", () => {
    expect(nextTransactionState("AUTH", "pay", "system")).toBe("START");
    expect(nextTransactionState("START", "ship", "seller")).toBe("SHIPPING");
    expect(nextTransactionState("SHIPPING", "rate_by_buyer", "buyer")).toBe("REVIEWED_BY_BUYER");
    expect(nextTransactionState("REVIEWED_BY_BUYER", "rate_by_seller", "seller")).toBe("COMPLETED");
  });

  it("answers every state × step × role exactly as the table says", () => {
    for (const [action, t] of Object.entries(TRANSACTION_TRANSITIONS) as [
      TransactionAction,
      (typeof TRANSACTION_TRANSITIONS)[TransactionAction],
    ][]) {
      for (const from of STATES) {
        for (const role of ROLES) {
          const expected = !(t.by as readonly string[]).includes(role)
            ? "FORBIDDEN"
            : !(t.from as readonly string[]).includes(from)
              ? "CONFLICT"
              : t.to === "held"
                ? "SHIPPING"
                : t.to;
          expect(outcome(from, action, role), `${action} from ${from} by ${role}`).toBe(expected);
        }
      }
    }
  });

  it("leaves final states final; an operator may cancel or release a held transaction", () => {
    for (const final of ["COMPLETED", "CANCELED", "INVALID"] as const) {
      for (const action of Object.keys(TRANSACTION_TRANSITIONS) as TransactionAction[]) {
        for (const role of ROLES) expect(["FORBIDDEN", "CONFLICT"]).toContain(outcome(final, action, role));
      }
    }
    expect(nextTransactionState("PENDING", "cancel_by_office", "operator")).toBe("CANCELED");
    expect(nextTransactionState("PENDING", "release", "operator", "START")).toBe("START");
  });
});
