import type { Messages } from "../../messages.ts";

export const enCompanyFacts: Pick<Messages, "companyFacts"> = {
  companyFacts: {},
};
