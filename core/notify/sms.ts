import { storeLocalMessage } from "./local-mailer.ts";

/** Text messages to phones. */
export type SmsSender = {
  readonly kind: "sandbox";
  send(message: { to: string; text: string }): Promise<void>;
};

/**
 * The built-in SMS sandbox: like a real gateway it accepts only Japanese mobile numbers in E.164
 * or national form and messages of at most 670 characters (10 concatenated parts), and delivers to
 * the development mailbox instead of a phone.
 */
export function createSandboxSms({ dir }: { dir: string }): SmsSender & { readonly sent: number } {
  let sent = 0;
  return {
    kind: "sandbox",
    get sent() {
      return sent;
    },
    async send({ to, text }) {
      const national = to.replace(/^\+81/, "0").replace(/-/g, "");
      if (!/^0[6-9]0\d{8}$/.test(national))
        throw new Error(`SMS sandbox: not a Japanese mobile number: ${to}`);
      if (text.length > 670) throw new Error("SMS sandbox: message longer than 670 characters");
      await storeLocalMessage(dir, { to: national, from: "SMS", subject: `SMS: ${text.slice(0, 40)}`, text });
      sent += 1;
    },
  };
}
