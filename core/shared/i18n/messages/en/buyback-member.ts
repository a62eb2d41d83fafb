import type { Messages } from "../../messages.ts";

export const enBuybackMember: Pick<Messages, "buybackMember"> = {
  buybackMember: {},
};
