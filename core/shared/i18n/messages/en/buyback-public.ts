import type { Messages } from "../../messages.ts";

export const enBuybackPublic: Pick<Messages, "buybackPublic"> = {
  buybackPublic: {},
};
