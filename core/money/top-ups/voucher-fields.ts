import { z } from "zod";
import { codeField } from "../../account/fields.ts";
import { codesOf } from "../../shared/codes.ts";
import { yenField } from "../balance/fields.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { CONVENIENCE_STORES } from "./codes.ts";

// The voucher forms' rules, in a module the browser can load: the page checks as people type with
// the same schema the core checks with.

export const ZCvsTopUp = z.object({
  store: codeField(codesOf(CONVENIENCE_STORES)),
  amount: yenField(BALANCE_LIMITS.topUp.cvs.min, BALANCE_LIMITS.topUp.cvs.max),
});

export const ZPayeasyTopUp = z.object({
  amount: yenField(BALANCE_LIMITS.topUp.payeasy.min, BALANCE_LIMITS.topUp.payeasy.max),
});
