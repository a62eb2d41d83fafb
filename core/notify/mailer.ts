import nodemailer from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Where mail goes: "smtp" sends it out, "local" keeps it for the development mailbox. */
  readonly kind: "smtp" | "local";
  send(message: MailMessage): Promise<void>;
};

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export type StoredMail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  date: string;
};
