import { describe, expect, expectTypeOf, it } from "vitest";
import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { labelOf } from "../shared/codes.ts";
import { PARCEL_SIZES } from "../shared/courier.ts";
import {
  COURIER_FEES,
  COURIER_MAINTENANCE_WINDOW,
  HANDLING_NOTES,
  PACKAGINGS,
  TRANSACTION_STATES,
  type TransactionState,
} from "./codes.ts";

describeCodeTables([
  [
    "transaction states",
    TRANSACTION_STATES,
    [
      "INVALID",
      "AUTH",
      "START",
      "PENDING",
      "CANCELING",
      "CANCELED",
      "SHIPPING",
      "REVIEWED_BY_BUYER",
      "COMPLETED",
    ],
  ],
  ["packagings", PACKAGINGS, ["", "01", "02"]],
  ["handling notes", HANDLING_NOTES, ["01", "02", "03", "04", "05"]],
]);

describe("transaction states", () => {
  it("are labelled from the schema's list", () => {
    expect(labelOf(TRANSACTION_STATES, "SHIPPING", "en").length).toBeGreaterThan(0);
    expectTypeOf<TransactionState>().toEqualTypeOf<
      | "INVALID"
      | "AUTH"
      | "START"
      | "PENDING"
      | "CANCELING"
      | "CANCELED"
      | "SHIPPING"
      | "REVIEWED_BY_BUYER"
      | "COMPLETED"
    >();
  });
});

describe("courier fees", () => {
  it("match §9", () => {
    expect(COURIER_MAINTENANCE_WINDOW).toEqual({ day: 1, startHour: 3, endHour: 5 });
    expect(COURIER_FEES).toEqual({
      nekoposu: 150,
      compact: 350,
      parcel: { 60: 700, 80: 800, 100: 1000, 120: 1100, 140: 1300, 160: 1600 },
    });
  });

  it("are whole yen", () => {
    const amounts = [COURIER_FEES.nekoposu, COURIER_FEES.compact, ...Object.values(COURIER_FEES.parcel)];
    for (const amount of amounts) expect(Number.isSafeInteger(amount)).toBe(true);
  });

  it("price the parcel sizes in increasing order", () => {
    const fees = PARCEL_SIZES.map((size) => COURIER_FEES.parcel[size]);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
  });
});
