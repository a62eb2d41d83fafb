import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { availableOfferActions, OFFER_MACHINE } from "./offer-states.ts";

describe("offer state machine", () => {
  // Written out by hand: b = buyer, s = seller, y = system.
  goldenMatrix(OFFER_MACHINE, {
    roles: { b: "buyer", s: "seller", y: "system" },
    create: { PENDING: "b" },
    grid: `
                      PENDING COUNTERED ACCEPTED DECLINED EXPIRED PURCHASED LAPSED CLOSED
      accept          ACCEPTED  s  -  -  -  -  -  -  -
      decline         DECLINED  s  -  -  -  -  -  -  -
      counter         COUNTERED s  -  -  -  -  -  -  -
      accept_counter  ACCEPTED  -  b  -  -  -  -  -  -
      decline_counter DECLINED  -  b  -  -  -  -  -  -
      expire          EXPIRED   y  y  -  -  -  -  -  -
      purchase        PURCHASED -  -  y  -  -  -  -  -
      lapse           LAPSED    -  -  y  -  -  -  -  -
      close           CLOSED    y  y  -  -  -  -  -  -
    `,
  });

  it("offers each party exactly the answers the table allows it now", () => {
    expect(availableOfferActions("PENDING", "seller")).toEqual(["accept", "decline", "counter"]);
    expect(availableOfferActions("PENDING", "buyer")).toEqual([]);
    expect(availableOfferActions("COUNTERED", "buyer")).toEqual(["accept_counter", "decline_counter"]);
    expect(availableOfferActions("COUNTERED", "seller")).toEqual([]);
    expect(availableOfferActions("ACCEPTED", "buyer")).toEqual([]);
  });

  it("gives each waiting state 24 hours, and none once it is over", () => {
    const timers = Object.fromEntries(
      OFFER_MACHINE.states.map((s) => [
        s,
        (OFFER_MACHINE.timers?.[s] ?? []).map((t) => `${t.job.name}@${t.afterMs / 3_600_000}h`),
      ]),
    );
    expect(timers).toEqual({
      PENDING: ["offers.expire@24h"],
      COUNTERED: ["offers.expire@24h"],
      ACCEPTED: ["offers.lapse-reservation@24h"],
      DECLINED: [],
      EXPIRED: [],
      PURCHASED: [],
      LAPSED: [],
      CLOSED: [],
    });
  });
});
