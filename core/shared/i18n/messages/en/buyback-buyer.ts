import type { Messages } from "../../messages.ts";

export const enBuybackBuyer: Pick<Messages, "buybackBuyer"> = {
  buybackBuyer: {},
};
