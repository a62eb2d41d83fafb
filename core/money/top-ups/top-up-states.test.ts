import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { TOP_UP_MACHINE, voucherMeaning } from "./top-up-states.ts";
import { VOUCHER_STATUSES } from "./voucher-gateway.ts";

describe("top-up state machine", () => {
  // Written out by hand: m = member, y = system (the provider's word and the balance job).
  goldenMatrix(TOP_UP_MACHINE, {
    roles: { m: "member", y: "system" },
    create: { PENDING: "m" },
    grid: `
                          PENDING PAID EXPIRED CANCELED FAILED
      pay       PAID      y       -    -       -        -
      pay_late  PAID      -       -    y       y        y
      expire    EXPIRED   y       -    -       -        -
      cancel    CANCELED  my      -    -       -        -
      fail      FAILED    y       -    -       -        -
    `,
  });

  it("decides in one place what each voucher status means", () => {
    expect(Object.fromEntries(VOUCHER_STATUSES.map((s) => [s, voucherMeaning(s)]))).toEqual({
      pending: { kind: "waiting" },
      paid: { kind: "paid" },
      expired: { kind: "ended", action: "expire" },
      cancelled: { kind: "ended", action: "cancel" },
    });
  });
});
