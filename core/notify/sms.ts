import type { SMS_DELIVERY_STATES } from "#db/schema/index.ts";
import { storeLocalMessage } from "./local-mailer.ts";

/** Where a text message stands, in our words: handed over, out to the network, on the phone, or lost. */
export type SmsDelivery = (typeof SMS_DELIVERY_STATES)[number];

/** Text messages to phones. */
export type SmsSender = {
  readonly name: string;
  readonly kind: "sandbox" | "live";
  /** Hands one message over; answers the provider's id for it and where it stands. */
  send(message: { to: string; text: string }): Promise<{ id: string; status: SmsDelivery }>;
};

/**
 * The one reader of an SMS provider's message statuses (Twilio's words): accepted, scheduled,
 * queued and sending are still on their way to the network; delivered and read reached the phone;
 * undelivered, failed and canceled never will.
 */
export function smsDeliveryOf(status: string): SmsDelivery {
  switch (status) {
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
    case "failed":
    case "canceled":
      return "failed";
    default:
      return "queued";
  }
}

/** A Japanese mobile number (090…, 080…, 070…, 060…, or already +81…) in E.164 form. */
export function toJapaneseE164(number: string): string {
  const national = number.replace(/^\+81/, "0").replace(/[-\s]/g, "");
  if (!/^0[6-9]0\d{8}$/.test(national)) throw new Error(`SMS: not a Japanese mobile number: ${number}`);
  return `+81${national.slice(1)}`;
}

/**
 * The built-in SMS sandbox: like a real gateway it accepts only Japanese mobile numbers in E.164
 * or national form and messages of at most 670 characters (10 concatenated parts), and delivers to
 * the development mailbox instead of a phone (at once: `delivered`).
 */
export function createSandboxSms({ dir }: { dir: string }): SmsSender & { readonly sent: number } {
  let sent = 0;
  return {
    name: "sms-sandbox",
    kind: "sandbox",
    get sent() {
      return sent;
    },
    async send({ to, text }) {
      const national = `0${toJapaneseE164(to).slice(3)}`;
      if (text.length > 670) throw new Error("SMS sandbox: message longer than 670 characters");
      await storeLocalMessage(dir, { to: national, from: "SMS", subject: `SMS: ${text.slice(0, 40)}`, text });
      sent += 1;
      return { id: `sms_sandbox_${Date.now().toString(36)}_${sent}`, status: "delivered" };
    },
  };
}
