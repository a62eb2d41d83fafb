import type { Messages } from "../../messages.ts";

export const enAccountCore: Pick<Messages, "account"> = {
  account: {},
};
