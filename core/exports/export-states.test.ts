import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { EXPORT_MACHINE } from "./export-states.ts";

describe("export state machine", () => {
  // Written out by hand: o = operator, y = system (the export job).
  goldenMatrix(EXPORT_MACHINE, {
    roles: { o: "operator", y: "system" },
    create: { QUEUED: "o" },
    grid: `
                        QUEUED RUNNING DONE FAILED
      start   RUNNING   y      -       -    -
      finish  DONE      -      y       -    -
      fail    FAILED    -      y       -    -
      retry   RUNNING   -      -       -    y
    `,
  });
});
