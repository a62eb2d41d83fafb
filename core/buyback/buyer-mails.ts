import { mailMessage } from "../notify/mail-message.ts";
import type { MailMessage } from "../notify/mailer.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";

/** The code that logs a buyer in to the buyback portal. */
export function buyerLoginCodeMail(to: string, locale: Locale, code: string): MailMessage {
  return mailMessage(
    to,
    renderMessage(msg("buybackBuyer.mail.loginCode.subject", { code }), locale),
    renderMessage(msg("buybackBuyer.mail.loginCode.body", { code }), locale),
    locale,
  );
}

/** The code that confirms an invited person's address before their buyer account is made. */
export function buyerSignupCodeMail(
  to: string,
  locale: Locale,
  code: string,
  companyName: string,
): MailMessage {
  return mailMessage(
    to,
    renderMessage(msg("buybackBuyer.mail.signupCode.subject", { code }), locale),
    renderMessage(msg("buybackBuyer.mail.signupCode.body", { code, companyName }), locale),
    locale,
  );
}

/**
 * An operator's invitation to join a buyer company. Nobody knows the invited person's language
 * yet, so it is written in Japanese and then in English, each with its own link.
 */
export function buyerInvitationMail(
  to: string,
  o: { companyName: string; links: Record<Locale, string>; expiresAt: Record<Locale, string> },
): MailMessage {
  const part = (locale: Locale) =>
    renderMessage(
      msg("buybackBuyer.mail.invitation.body", {
        companyName: o.companyName,
        link: o.links[locale],
        expiresAt: o.expiresAt[locale],
      }),
      locale,
    );
  const subject = (locale: Locale) =>
    renderMessage(msg("buybackBuyer.mail.invitation.subject", { companyName: o.companyName }), locale);
  const english = mailMessage(to, subject("en"), part("en"), "en");
  const japanese = mailMessage(to, `${subject("ja")} / ${subject("en")}`, part("ja"), "ja");
  return { ...japanese, text: `${japanese.text}\n${english.text}` };
}
