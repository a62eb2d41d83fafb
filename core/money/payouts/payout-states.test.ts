import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { PAYOUT_MACHINE, PAYOUT_RUN_MACHINE } from "./payout-states.ts";

describe("payout state machine", () => {
  // Written out by hand: m = member, o = finance operator, y = system (providers and the balance job).
  goldenMatrix(PAYOUT_MACHINE, {
    roles: { m: "member", o: "operator", y: "system" },
    create: { AWAITING_APPROVAL: "my", READY: "my" },
    grid: `
                        AWAITING_APPROVAL READY BATCHED SENT ISSUED PAID FAILED EXPIRED CANCELED REJECTED
      approve  READY    o                 -     -       -    -      -    -      -       -        -
      reject   REJECTED o                 -     -       -    -      -    -      -       -        -
      batch    BATCHED  -                 o     -       -    -      -    -      -       -        -
      unbatch  READY    -                 -     o       -    -      -    -      -       -        -
      send     SENT     -                 -     o       -    -      -    -      -       -        -
      issue    ISSUED   -                 y     -       -    -      -    -      -       -        -
      pay      PAID     -                 y     -       -    y      -    -      -       -        -
      fail     FAILED   -                 oy    -       oy   -      -    -      -       -        -
      expire   EXPIRED  -                 -     -       -    y      -    -      -       -        -
      cancel   CANCELED m                 m     -       -    m      -    -      -       -        -
    `,
  });
});

describe("payout run state machine", () => {
  goldenMatrix(PAYOUT_RUN_MACHINE, {
    roles: { o: "operator" },
    create: { PREPARED: "o" },
    grid: `
                          PREPARED SENT DISCARDED
      send     SENT       o        -    -
      discard  DISCARDED  o        -    -
    `,
  });
});
