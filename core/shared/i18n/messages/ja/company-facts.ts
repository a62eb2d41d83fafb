/** The core's words: `companyFacts.*` (decision 020). */
export const jaCompanyFacts = {
  companyFacts: {},
};
