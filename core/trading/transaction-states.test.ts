import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { availableTransactionActions, TRANSACTION_MACHINE } from "./transaction-states.ts";

describe("transaction state machine", () => {
  // Written out by hand: b = buyer, s = seller, o = operator, y = system. `held` returns to the
  // state the hold interrupted (SHIPPING here).
  goldenMatrix(TRANSACTION_MACHINE, {
    roles: { b: "buyer", s: "seller", o: "operator", y: "system" },
    create: { AUTH: "y", START: "y" },
    heldFrom: "SHIPPING",
    grid: `
                                   INVALID AUTH START PENDING CANCELING CANCELED SHIPPING REVIEWED_BY_BUYER COMPLETED
      pay              START          -     y    -     -       -         -        -        -                 -
      fail_payment     INVALID        -     y    -     -       -         -        -        -                 -
      ship             SHIPPING       -     -    s     -       -         -        -        -                 -
      rate_by_buyer    REVIEWED_BY_BUYER -  -    -     -       -         -        b        -                 -
      rate_by_seller   COMPLETED      -     -    -     -       -         -        -        s                 -
      auto_complete    COMPLETED      -     -    -     -       -         -        y        y                 -
      request_cancel   CANCELING      -     -    bs    -       -         -        -        -                 -
      agree_cancel     CANCELED       -     -    -     -       bs        -        -        -                 -
      refuse_cancel    START          -     -    -     -       bs        -        -        -                 -
      cancel_by_office CANCELED       -     -    o     o       o         -        o        -                 -
      hold             PENDING        -     -    o     -       o         -        o        o                 -
      release          held           -     -    -     o       -         -        -        -                 -
      complete_by_office COMPLETED    -     -    -     o       -         -        o        o                 -
    `,
  });

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
    expect(availableTransactionActions("PENDING", "operator", null)).toEqual([
      "cancel_by_office",
      "release",
      "complete_by_office",
    ]);
  });

  it("starts each waiting state's timers, and none while on hold or when finished", () => {
    const timers = Object.fromEntries(
      TRANSACTION_MACHINE.states.map((s) => [
        s,
        (TRANSACTION_MACHINE.timers?.[s] ?? []).map((t) => `${t.job.name}@${t.afterMs / 60_000}min`),
      ]),
    );
    expect(timers).toEqual({
      INVALID: [],
      AUTH: ["trading.expire-authorization@30min"],
      START: ["trading.remind-to-ship@4320min"],
      PENDING: [],
      CANCELING: [],
      CANCELED: [],
      SHIPPING: ["trading.remind-to-rate@4320min", "trading.auto-complete@12960min"],
      REVIEWED_BY_BUYER: ["trading.auto-complete@12960min"],
      COMPLETED: [],
    });
  });
});
