import { z } from "zod";
import type { Localized } from "../shared/locale.ts";
import {
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
export const FIELD_LABELS: Record<string, Localized> = {
  email: { ja: "メールアドレス", en: "Email address" },
  password: { ja: "パスワード", en: "Password" },
  passwordConfirmation: { ja: "パスワード（確認）", en: "Password confirmation" },
  currentPassword: { ja: "現在のパスワード", en: "Current password" },
  code: { ja: "確認コード", en: "Code" },
  nickname: { ja: "ニックネーム", en: "Nickname" },
};

export const CURRENT_PASSWORD_WRONG: Localized = {
  ja: "現在のパスワードが正しくありません",
  en: "The current password is not correct",
};

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
export const ZNewPassword = password(required(), minLength(8), maxLength(128), passwordStrength());
export const ZCode = text(required(), digits(6));
export const ZNickname = text(required(), maxLength(20), printSafeText());
