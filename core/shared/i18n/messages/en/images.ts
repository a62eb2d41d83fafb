import type { Messages } from "../../messages.ts";

export const enImages: Pick<Messages, "images"> = {
  images: {},
};
