import { mailMessage } from "../notify/mail-message.ts";
import type { MailMessage } from "../notify/mailer.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";

/** The receipt of a company's application: what happens next. */
export function applicationReceivedMail(
  to: string,
  locale: Locale,
  o: { id: number; companyName: string; contactName: string },
): MailMessage {
  const values = { id: String(o.id), companyName: o.companyName, contactName: o.contactName };
  return mailMessage(
    to,
    renderMessage(msg("buyerApplication.mail.received.subject", values), locale),
    renderMessage(msg("buyerApplication.mail.received.body", values), locale),
    locale,
  );
}

/** An application the office declined, with the operator's reason as written. */
export function applicationDeclinedMail(
  to: string,
  locale: Locale,
  o: { id: number; companyName: string; contactName: string; reason: string },
): MailMessage {
  const values = {
    id: String(o.id),
    companyName: o.companyName,
    contactName: o.contactName,
    reason: o.reason,
  };
  return mailMessage(
    to,
    renderMessage(msg("buyerApplication.mail.declined.subject", values), locale),
    renderMessage(msg("buyerApplication.mail.declined.body", values), locale),
    locale,
  );
}
