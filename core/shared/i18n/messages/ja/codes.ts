/** The core's words: `codes.*` (decision 020). */
export const jaCodes = {
  codes: {},
};
