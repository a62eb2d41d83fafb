import type { Messages } from "../../messages.ts";

export const enCodes: Pick<Messages, "codes"> = {
  codes: {},
};
