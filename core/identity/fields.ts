import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";
import {
  confirmed,
  digits,
  email,
  maxLength,
  minLength,
  passwordStrength,
  printSafeText,
  required,
  text,
} from "../shared/validation/index.ts";

/** Field names as people read them, for messages such as 「パスワードを入力してください」. */
export const FIELD_LABELS: Record<string, Message> = {
  email: msg("identity.fields.email"),
  password: msg("identity.fields.password"),
  passwordConfirmation: msg("identity.fields.passwordConfirmation"),
  currentPassword: msg("identity.fields.currentPassword"),
  code: msg("identity.fields.code"),
  nickname: msg("identity.fields.nickname"),
};

export const CURRENT_PASSWORD_WRONG: Message = msg("identity.errors.currentPasswordWrong");

/** Addresses are compared and stored in lower case. */
export const ZEmail = text(required(), maxLength(254), email()).transform((v) => v.toLowerCase());

/** Passwords are taken exactly as typed: no trimming, any characters. */
function password(...rules: Parameters<typeof text>) {
  return z
    .string()
    .nullish()
    .transform((v) => v ?? "")
    .pipe(z.string().check(...rules));
}

export const ZPassword = password(required(), maxLength(128));
const ZNewPassword = password(required(), minLength(8), maxLength(128), passwordStrength());
export const ZCode = text(required(), digits(6));
export const ZNickname = text(required(), maxLength(20), printSafeText());

/** The sign-up's first step: the address to confirm and the password to be (the form checks it as typed too). */
export const ZStartSignup = z.object({ email: ZEmail, password: ZNewPassword });

/** The sign-up's second step: the code from the mail. */
export const ZVerifySignup = z.object({ code: ZCode });

// The identity forms' schemas: the use cases check with them, and the pages as people type.

export const ZLogIn = z.object({ email: ZEmail, password: ZPassword });

export const ZRequestPasswordReset = z.object({ email: ZEmail });

/** Asking for a sign-in link by mail takes the same one field as a password reset. */
export const ZEmailLinkLogin = z.object({ email: ZEmail });

export const ZCompleteSignup = z.object({ nickname: ZNickname });

export const ZChangePassword = z
  .object({ currentPassword: ZPassword, password: ZNewPassword, passwordConfirmation: ZPassword })
  .check(confirmed("password", "passwordConfirmation"));

export const ZResetPassword = z
  .object({ password: ZNewPassword, passwordConfirmation: ZPassword })
  .check(confirmed("password", "passwordConfirmation"));

export const ZRequestEmailChange = z.object({ email: ZEmail, currentPassword: ZPassword });

export const ZConfirmEmailChange = z.object({ code: ZCode });
