import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { PAYMENT_MACHINE } from "./payment-states.ts";
import { CHARGE_STATUSES, chargeMeaning } from "./payment-status.ts";

describe("payment state machine", () => {
  // Written out by hand: y = system (our flows and the provider's word), o = operator.
  goldenMatrix(PAYMENT_MACHINE, {
    roles: { y: "system", o: "operator" },
    create: { INCOMPLETED: "y" },
    grid: `
                                 INCOMPLETED AUTHORIZED CAPTURED COMPLETED VOIDED FAILED EXPIRED CANCELED REFUNDING REFUNDED
      authorize      AUTHORIZED  y           -          -        -         -      -      -       -        -         -
      capture        CAPTURED    y           y          -        -         -      -      -       -        -         -
      complete       COMPLETED   -           -          y        -         -      -      -       -        -         -
      void           VOIDED      y           y          -        -         -      -      -       -        -         -
      fail           FAILED      y           -          -        -         -      -      -       -        -         -
      expire         EXPIRED     y           -          -        -         -      -      -       -        -         -
      cancel         CANCELED    y           -          -        -         -      -      -       -        -         -
      release_late   VOIDED      -           -          -        -         -      -      -       y        -         -
      refund         REFUNDING   -           -          yo       yo        -      -      -       -        -         -
      confirm_refund REFUNDED    -           -          -        -         -      -      -       -        y         -
    `,
  });

  it("holds the spec's payment states (§3) among its own", () => {
    for (const state of ["INCOMPLETED", "CANCELED", "COMPLETED", "REFUNDED"] as const) {
      expect(PAYMENT_MACHINE.states).toContain(state);
    }
  });

  it("decides in one place what each provider status means", () => {
    expect(Object.fromEntries(CHARGE_STATUSES.map((s) => [s, chargeMeaning(s)]))).toEqual({
      requires_3ds: { kind: "pending" },
      authorized: { kind: "held" },
      captured: { kind: "taken" },
      voided: { kind: "released", action: "void" },
      failed: { kind: "released", action: "fail" },
      expired: { kind: "released", action: "expire" },
      refunded: { kind: "returned" },
    });
  });
});
