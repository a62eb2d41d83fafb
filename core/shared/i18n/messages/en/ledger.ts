import type { Messages } from "../../messages.ts";

export const enLedger: Pick<Messages, "ledger"> = {
  ledger: {},
};
