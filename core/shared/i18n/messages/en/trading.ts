import type { Messages } from "../../messages.ts";

export const enTrading: Pick<Messages, "trading"> = {
  trading: {},
};
