import { AppError, isAppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";

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
