import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { BUYBACK_DELIVERY_MACHINE, BUYBACK_ITEM_MACHINE } from "./states.ts";

describe("buyback device state machine", () => {
  // Written out by hand: m = member, g = grader, y = system (the courier's word and the timers).
  // 10 waiting for the device, 20 on its way, 30 being graded, 40 offered, 50 bought, 60 ended.
  goldenMatrix(BUYBACK_ITEM_MACHINE, {
    roles: { m: "member", g: "grader", y: "system" },
    create: { "10": "m" },
    grid: `
                    10  20  30  40  50  60
      ship     20   my  -   -   -   -   -
      cancel   60   m   -   -   -   -   -
      lapse    60   y   -   -   -   -   -
      receive  30   g   g   -   -   -   -
      offer    40   -   -   g   -   -   -
      regrade  40   -   -   -   g   -   -
      refuse   60   -   -   g   g   -   -
      accept   50   -   -   -   m   -   -
      decline  60   -   -   -   m   -   -
      expire   60   -   -   -   y   -   -
    `,
  });

  it("lets an unshipped device lapse after the shipping window, and reminds before an offer ends", () => {
    const timers = Object.fromEntries(
      BUYBACK_ITEM_MACHINE.states.map((s) => [
        s,
        (BUYBACK_ITEM_MACHINE.timers?.[s] ?? []).map((t) => `${t.job.name}@${t.afterMs / 86_400_000}d`),
      ]),
    );
    expect(timers).toEqual({
      "10": ["buyback.cancel-unshipped@14d"],
      "20": [],
      "30": [],
      "40": ["buyback.remind-offer@6d", "buyback.expire-offer@7d"],
      "50": [],
      "60": [],
    });
  });
});

describe("buyback delivery state machine", () => {
  // Written out by hand: o = operator, y = system. 10 collecting devices, 20 shipped.
  goldenMatrix(BUYBACK_DELIVERY_MACHINE, {
    roles: { o: "operator", y: "system" },
    create: { "10": "y" },
    grid: `
                 10  20
      ship  20   o   -
    `,
  });
});
