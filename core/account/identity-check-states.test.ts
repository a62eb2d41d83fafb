import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { IDENTITY_CHECK_MACHINE } from "./identity-check-states.ts";

describe("identity check state machine", () => {
  // Written out by hand: m = member, y = system (the provider's result), o = operator (the office).
  goldenMatrix(IDENTITY_CHECK_MACHINE, {
    roles: { m: "member", y: "system", o: "operator" },
    create: { pending: "m" },
    grid: `
                         pending review verified rejected expired
      verify   verified  y       -      -        -        -
      refer    review    y       -      -        -        -
      fail     rejected  y       -      -        -        -
      expire   expired   y       -      -        -        -
      approve  verified  -       o      -        -        -
      reject   rejected  -       o      -        -        -
    `,
  });
});
