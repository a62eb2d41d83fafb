import { mailMessage } from "../notify/mail-message.ts";
import type { MailMessage } from "../notify/mailer.ts";
import { type MessageValue, msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";

type IdentityMail =
  | "signupCode"
  | "signupExistingAccount"
  | "passwordReset"
  | "emailChangeCode"
  | "emailChanged"
  | "passwordChanged"
  | "payoutDestinationChanged";

/** One of the identity mails (`identity.mail.<name>.subject` / `.body`), written in the member's language. */
function identityMail(
  to: string,
  locale: Locale,
  name: IdentityMail,
  values?: Readonly<Record<string, MessageValue>>,
): MailMessage {
  return mailMessage(
    to,
    renderMessage(msg(`identity.mail.${name}.subject`, values), locale),
    renderMessage(msg(`identity.mail.${name}.body`, values), locale),
    locale,
  );
}

export function signupCodeMail(to: string, locale: Locale, code: string, link: string): MailMessage {
  return identityMail(to, locale, "signupCode", { code, link });
}

export function signupExistingAccountMail(
  to: string,
  locale: Locale,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return identityMail(to, locale, "signupExistingAccount", { loginUrl, resetUrl });
}

export function passwordResetMail(to: string, locale: Locale, link: string): MailMessage {
  return identityMail(to, locale, "passwordReset", { link });
}

export function emailChangeCodeMail(to: string, locale: Locale, code: string): MailMessage {
  return identityMail(to, locale, "emailChangeCode", { code });
}

export function emailChangedNoticeMail(to: string, locale: Locale, newEmail: string): MailMessage {
  return identityMail(to, locale, "emailChanged", { newEmail });
}

export function passwordChangedNoticeMail(to: string, locale: Locale): MailMessage {
  return identityMail(to, locale, "passwordChanged");
}

/** The bank account or Kyash account proceeds are paid to was changed: held for 24 hours. */
export function payoutDestinationChangedMail(
  to: string,
  locale: Locale,
  values: { what: string; until: string; link: string },
): MailMessage {
  return identityMail(to, locale, "payoutDestinationChanged", values);
}

/** A sign-in from a browser, system and network the member has not used lately. */
export function newDeviceMail(
  to: string,
  locale: Locale,
  values: { when: string; browser: string; place: string; link: string },
): MailMessage {
  return mailMessage(
    to,
    renderMessage(msg("sessions.mail.newDevice.subject"), locale),
    renderMessage(msg("sessions.mail.newDevice.body", values), locale),
    locale,
  );
}
