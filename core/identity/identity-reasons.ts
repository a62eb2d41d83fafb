/**
 * The identity codes of the spec's §8 catalogue that Tsugu answers with, as the `reason` of the
 * API's errors and of a form's failure (decision 034). Plain strings with no imports, so that the
 * browser code of a form reads the same ones.
 */
export const IDENTITY_REASONS = {
  /** Unknown address or wrong password: one answer, so it never tells whether an address exists. */
  userNotFound: "user-not-found",
  /** Too many sign-in attempts from the network or for the address. */
  loginBlocked: "login-blocked",
  /** A bearer token or session cookie that names an expired or ended session. */
  invalidUserToken: "invalid-user-token",
  /** The password was right; two-step verification asks for a code next (decision 033). */
  multiFactorRequired: "multi-factor-auth-required",
  /** A guarded form sent without a (fresh) bot check token: get one and send again (decision 035). */
  missingBotToken: "missing-recaptcha-token",
  /** The bot check refused the token. */
  botCheckFailed: "captcha-check-failed",
  /** A passkey's answer names another member than the one it was asked of. */
  userMismatch: "user-mismatch",
  /** The sign-in form could not reach the server (said by the browser; never sent by the API). */
  networkRequestFailed: "network-request-failed",
  /** The browser refuses cookies, so a sign-in could not last (said by the browser). */
  webStorageUnsupported: "web-storage-unsupported",
  /** A provider's answer that is not this browser's live sign-in: wrong or reused state, a bad ID token. */
  invalidAuthEvent: "invalid-auth-event",
  /** The person cancelled at the provider (LINE, Google, Apple). */
  cancelledPopupRequest: "cancelled-popup-request",
  /** The provider's account is another member's, or the member has one of that provider already. */
  providerAlreadyLinked: "provider-already-linked",
  /** A provider that is not known or not turned on. */
  noSuchProvider: "no-such-provider",
  /** A provider's new account has the address of an existing account: its member proves it first. */
  accountExists: "account-exists-with-different-credential",
} as const;
