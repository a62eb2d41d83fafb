import type { OfficeMessages } from "../messages.ts";
import { enBuybackOffice } from "./en/buyback-office.ts";
import { enBuyerApplicationOffice } from "./en/buyer-application-office.ts";
import { enExports } from "./en/exports.ts";
import { enIdentityReview } from "./en/identity-review.ts";
import { enOffice } from "./en/office.ts";
import { enOfficeMoney } from "./en/office-money.ts";
import { enStaff } from "./en/staff.ts";

/** The back office's English messages (see `ja-office.ts`). */
export const enBackOffice: OfficeMessages = {
  ...enOffice,
  ...enOfficeMoney,
  ...enExports,
  ...enBuybackOffice,
  ...enBuyerApplicationOffice,
  ...enStaff,
  ...enIdentityReview,
};
