/** What a form's action answers when it fails: messages per field, the typed values, a form message. */
export type FormState = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
};
