import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import type { MailMessage } from "./mailer.ts";

/** A mail with our signature in the member's language. */
export function mailMessage(to: string, subject: string, body: string, locale: Locale): MailMessage {
  return { to, subject, text: `${body}\n\n${renderMessage(msg("identity.mail.signature"), locale)}\n` };
}
