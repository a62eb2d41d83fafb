// The buyback's codes: a device's seller-side states labelled (the list is `db/schema/codes.ts`'s, with
// the grades and defect classes the pages offer) and the buyer's delivery filter.
import { BUYBACK_ITEM_STATE_CODES } from "#db/schema/codes.ts";

export type { DiagnosticValue } from "#db/schema/index.ts";

import type { CodeTable } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";

export {
  BUYBACK_GRADES,
  BUYBACK_NG_CONDITIONS,
  type BuybackGrade,
  type BuybackNgCondition,
} from "#db/schema/codes.ts";

export const BUYBACK_SELLER_STATES = BUYBACK_ITEM_STATE_CODES.map((code) => ({
  code,
  label: msg(`codes.buybackSellerState.${code}`),
}));

export const DELIVERY_SHIPMENT_STATUSES = [
  { code: "undispatched", label: msg("codes.deliveryShipmentStatus.undispatched") },
  { code: "sent", label: msg("codes.deliveryShipmentStatus.sent") },
] as const satisfies CodeTable;
