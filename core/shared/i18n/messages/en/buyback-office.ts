import type { Messages } from "../../messages.ts";

export const enBuybackOffice: Pick<Messages, "buybackOffice"> = {
  buybackOffice: {},
};
