import { AppError, isAppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

/**
 * The identity codes of the spec's §8 catalogue that Tsugu's own sign-in answers with (decision 034).
 * Each is a stable `reason` on the API's error and has its sentence in both languages.
 */
const IDENTITY_REASONS = {
  /** Unknown address or wrong password: one answer, so it never tells whether an address exists. */
  userNotFound: "user-not-found",
  /** Too many sign-in attempts from the network or for the address. */
  loginBlocked: "login-blocked",
  /** A bearer token or session cookie that names an expired or ended session. */
  invalidUserToken: "invalid-user-token",
  /** The sign-in form could not reach the server (said by the browser; never sent by the API). */
  networkRequestFailed: "network-request-failed",
  /** The browser refuses cookies, so a sign-in could not last (said by the browser). */
  webStorageUnsupported: "web-storage-unsupported",
} as const;

/**
 * A sign-in's failure as the §8 codes name it: a refused email and password is `user-not-found`
 * (with the same status and sentence whether the address exists or not), a rate limit is
 * `login-blocked` with the minutes to wait. Anything else passes unchanged.
 */
export function asLoginError(error: unknown): unknown {
  if (!isAppError(error)) return error;
  if (error.code === "UNAUTHORIZED" && error.reason.key === "identity.errors.loginFailed") {
    return new AppError("UNAUTHORIZED", { message: error.reason, reasonCode: IDENTITY_REASONS.userNotFound });
  }
  if (error.code === "RATE_LIMITED") {
    const seconds = error.retryAfterSeconds ?? 60;
    return new AppError("RATE_LIMITED", {
      message: msg("identityErrors.loginBlocked", { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
      retryAfterSeconds: seconds,
      reasonCode: IDENTITY_REASONS.loginBlocked,
    });
  }
  return error;
}

/** Refuses a credential that names no live session: it expired, or the member or a password change ended it. */
export function invalidUserToken(): AppError {
  return new AppError("UNAUTHORIZED", {
    message: msg("identityErrors.invalidUserToken"),
    reasonCode: IDENTITY_REASONS.invalidUserToken,
  });
}
