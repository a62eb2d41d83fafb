import { describe, expect, it } from "vitest";
import { BUYBACK_DELIVERY_STATE_CODES } from "#db/schema/codes.ts";
import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { codesOf } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";
import { DELIVERY_STATUS_STATE, deliveryStatus } from "./bought-devices.ts";
import { BUYBACK_SELLER_STATES, DELIVERY_SHIPMENT_STATUSES } from "./codes.ts";

/** A delivery's states are the schema's list; the back office labels them with `codes.buybackBuyerState`. */
const BUYBACK_BUYER_STATES = BUYBACK_DELIVERY_STATE_CODES.map((code) => ({
  code,
  label: msg(`codes.buybackBuyerState.${code}`),
}));

describeCodeTables([
  ["buyback seller states", BUYBACK_SELLER_STATES, ["10", "20", "30", "40", "50", "60"]],
  ["buyback buyer states", BUYBACK_BUYER_STATES, ["10", "20"]],
  ["delivery shipment statuses", DELIVERY_SHIPMENT_STATUSES, ["undispatched", "sent"]],
]);

describe("delivery shipment statuses", () => {
  it("name each of a delivery's states, and back", () => {
    for (const status of codesOf(DELIVERY_SHIPMENT_STATUSES))
      expect(deliveryStatus(DELIVERY_STATUS_STATE[status])).toBe(status);
    expect(deliveryStatus(null)).toBe("undispatched");
  });
});
