import type { Messages } from "../../messages.ts";

export const enSocialCore: Pick<Messages, "social"> = {
  social: {},
};
