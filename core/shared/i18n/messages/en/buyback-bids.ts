import type { Messages } from "../../messages.ts";

export const enBuybackBids: Pick<Messages, "buybackBids"> = {
  buybackBids: {},
};
