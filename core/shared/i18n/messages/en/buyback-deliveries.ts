import type { Messages } from "../../messages.ts";

export const enBuybackDeliveries: Pick<Messages, "buybackDeliveries"> = {
  buybackDeliveries: {},
};
