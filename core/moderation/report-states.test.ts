import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { REPORT_MACHINE } from "./report-states.ts";

describe("report state machine", () => {
  // Written out by hand: m = member, o = operator.
  goldenMatrix(REPORT_MACHINE, {
    roles: { m: "member", o: "operator" },
    create: { OPEN: "m" },
    grid: `
                          OPEN ACTIONED DISMISSED
      action   ACTIONED   o    -        -
      dismiss  DISMISSED  o    -        -
    `,
  });
});
