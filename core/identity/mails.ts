import type { MailMessage } from "../notify/mailer.ts";
import type { Locale } from "../shared/locale.ts";

const SIGNATURE = {
  ja: "――\nTsugu（ツグ）\nこのメールは送信専用です。お心当たりのない場合は破棄してください。",
  en: "--\nTsugu\nThis address does not receive replies. If you did not expect this message, you can ignore it.",
};

/** A mail with our signature in the member's language. */
export function mailMessage(to: string, subject: string, body: string, locale: Locale): MailMessage {
  return { to, subject, text: `${body}\n\n${SIGNATURE[locale]}\n` };
}

export function signupCodeMail(to: string, locale: Locale, code: string, link: string): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        `【Tsugu】確認コード ${code}`,
        `Tsugu への会員登録ありがとうございます。\n\n確認コード: ${code}\n\n登録画面にこのコードを入力するか、次のリンクを開いて登録を続けてください。\n${link}\n\nコードとリンクの有効期限は10分です。`,
        locale,
      )
    : mailMessage(
        to,
        `[Tsugu] Your code is ${code}`,
        `Thank you for signing up to Tsugu.\n\nYour code: ${code}\n\nEnter it on the sign-up page, or open this link to continue:\n${link}\n\nThe code and the link expire in 10 minutes.`,
        locale,
      );
}

export function signupExistingAccountMail(
  to: string,
  locale: Locale,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        "【Tsugu】このメールアドレスは登録済みです",
        `このメールアドレスで会員登録が申し込まれましたが、すでにアカウントがあります。\n\nログイン: ${loginUrl}\nパスワードをお忘れの場合: ${resetUrl}`,
        locale,
      )
    : mailMessage(
        to,
        "[Tsugu] You already have an account",
        `Someone tried to sign up with this address, but it already has an account.\n\nLog in: ${loginUrl}\nForgot your password? ${resetUrl}`,
        locale,
      );
}

export function passwordResetMail(to: string, locale: Locale, link: string): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        "【Tsugu】パスワードの再設定",
        `パスワード再設定のお申し込みを受け付けました。\n次のリンクを開いて、新しいパスワードを設定してください。\n${link}\n\nリンクの有効期限は30分です。`,
        locale,
      )
    : mailMessage(
        to,
        "[Tsugu] Reset your password",
        `We received a request to reset your password.\nOpen this link to choose a new one:\n${link}\n\nThe link expires in 30 minutes.`,
        locale,
      );
}

export function emailChangeCodeMail(to: string, locale: Locale, code: string): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        `【Tsugu】確認コード ${code}`,
        `メールアドレス変更の確認コードです。\n\n確認コード: ${code}\n\n有効期限は10分です。`,
        locale,
      )
    : mailMessage(
        to,
        `[Tsugu] Your code is ${code}`,
        `Here is the code to confirm your new email address.\n\nYour code: ${code}\n\nIt expires in 10 minutes.`,
        locale,
      );
}

export function emailChangedNoticeMail(to: string, locale: Locale, newEmail: string): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        "【Tsugu】メールアドレスが変更されました",
        `アカウントのメールアドレスが ${newEmail} に変更されました。\nお心当たりがない場合は、すぐにお問い合わせください。`,
        locale,
      )
    : mailMessage(
        to,
        "[Tsugu] Your email address was changed",
        `The email address of your account was changed to ${newEmail}.\nIf this was not you, please contact us at once.`,
        locale,
      );
}

export function passwordChangedNoticeMail(to: string, locale: Locale): MailMessage {
  return locale === "ja"
    ? mailMessage(
        to,
        "【Tsugu】パスワードが変更されました",
        "アカウントのパスワードが変更されました。\nお心当たりがない場合は、すぐにパスワードを再設定してください。",
        locale,
      )
    : mailMessage(
        to,
        "[Tsugu] Your password was changed",
        "The password of your account was changed.\nIf this was not you, reset your password at once.",
        locale,
      );
}
