import type { Messages } from "../../messages.ts";

export const enPayments: Pick<Messages, "payments"> = {
  payments: {},
};
