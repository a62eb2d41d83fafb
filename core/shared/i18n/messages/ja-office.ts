import { jaBuybackOffice } from "./ja/buyback-office.ts";
import { jaBuyerApplicationOffice } from "./ja/buyer-application-office.ts";
import { jaExports } from "./ja/exports.ts";
import { jaIdentityReview } from "./ja/identity-review.ts";
import { jaOffice } from "./ja/office.ts";
import { jaOfficeMoney } from "./ja/office-money.ts";
import { jaStaff } from "./ja/staff.ts";

/**
 * The back office's Japanese messages: what only operators' pages show (decision 031). In the browser
 * they are a file of their own, which only back-office pages load; `ja.ts` joins them to the site's.
 */
export const jaBackOffice = {
  ...jaOffice,
  ...jaOfficeMoney,
  ...jaExports,
  ...jaBuybackOffice,
  ...jaBuyerApplicationOffice,
  ...jaStaff,
  ...jaIdentityReview,
};
