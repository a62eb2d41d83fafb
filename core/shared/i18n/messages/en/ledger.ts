import type { Messages } from "../../messages.ts";

/** The ledger's words: why a journal entry was refused. */
export const enLedger: Pick<Messages, "ledger"> = {
  ledger: {
    errors: {
      insufficient: "The balance is not enough",
      keyReused: "This request was already accepted with different content",
    },
  },
};
