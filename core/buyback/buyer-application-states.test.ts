import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { BUYER_APPLICATION_MACHINE } from "./buyer-application-states.ts";

describe("buyer application state machine", () => {
  // Written out by hand: v = visitor (the applying company), o = operator (`buyback:manage`).
  goldenMatrix(BUYER_APPLICATION_MACHINE, {
    roles: { v: "visitor", o: "operator" },
    create: { PENDING: "v" },
    grid: `
                         PENDING APPROVED DECLINED
      approve  APPROVED  o       -        -
      decline  DECLINED  o       -        -
    `,
  });
});
