import type { Messages } from "../../messages.ts";

export const enIdentity: Pick<Messages, "identity"> = {
  identity: {},
};
