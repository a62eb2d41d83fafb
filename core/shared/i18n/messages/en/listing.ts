import type { Messages } from "../../messages.ts";

export const enListing: Pick<Messages, "listing"> = {
  listing: {},
};
