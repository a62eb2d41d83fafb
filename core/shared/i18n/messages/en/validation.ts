import type { Messages } from "../../messages.ts";

export const enValidation: Pick<Messages, "validation"> = {
  validation: {},
};
