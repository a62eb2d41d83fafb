/** The core's words: `validation.*` (decision 020). */
export const jaValidation = {
  validation: {},
};
