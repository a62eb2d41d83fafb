/** What a form's action answers when it fails: messages per field, the typed values, a form message. */
export type FormState = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  /** The spec's identity code of the failure (§8), e.g. "missing-recaptcha-token": the page may retry. */
  reasonCode?: string;
};
