import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type SmsDelivery, type SmsSender, smsDeliveryOf, toJapaneseE164 } from "./sms.ts";

export type TwilioSettings = {
  /** AC… */
  accountSid: string;
  /** Signs the API's basic auth and keys `X-Twilio-Signature` on status callbacks. */
  authToken: string;
  /** A number in E.164 form, a messaging service SID (MG…) or an alphanumeric sender ID. */
  from: string;
  /** Where Twilio posts each message's delivery status (`/webhooks/twilio/status`). */
  statusCallbackUrl: string;
  /** https://api.twilio.com unless a test points it elsewhere. */
  apiBase?: string;
  fetch?: typeof fetch;
};

const ZMessage = z.object({
  sid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/),
  status: z.string(),
  error_code: z.number().int().nullable().optional(),
});
const ZError = z.object({ code: z.number().int(), message: z.string() });

/** Raised when Twilio refuses a message; `code` is Twilio's error code (e.g. 21211 for a bad number). */
class TwilioError extends Error {
  override name = "TwilioError";
  readonly code: number | null;
  constructor(code: number | null, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Text messages through Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with basic auth, form-encoded `To`, `From` (or `MessagingServiceSid`), `Body` and a
 * `StatusCallback` where Twilio reports queued → sent → delivered / undelivered / failed. The
 * per-number limits on codes are kept by the callers before anything reaches here.
 */
export function createTwilioSms(settings: TwilioSettings): SmsSender {
  const base = settings.apiBase ?? "https://api.twilio.com";
  const http = settings.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    kind: "live",
    async send({ to, text }) {
      const form = new URLSearchParams({
        To: toJapaneseE164(to),
        Body: text,
        StatusCallback: settings.statusCallbackUrl,
      });
      form.set(settings.from.startsWith("MG") ? "MessagingServiceSid" : "From", settings.from);
      const res = await http(`${base}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const error = ZError.safeParse(body);
        throw new TwilioError(
          error.success ? error.data.code : null,
          `Twilio refused the message (HTTP ${res.status}): ${error.success ? error.data.message : "no reason given"}`,
        );
      }
      const message = ZMessage.parse(body);
      return { id: message.sid, status: smsDeliveryOf(message.status) };
    },
  };
}

/**
 * Whether a status callback really comes from Twilio: `X-Twilio-Signature` is the base64 HMAC-SHA1,
 * keyed with the auth token, of the callback's full URL followed by each posted parameter's name
 * and value, sorted by name.
 */
export function verifyTwilioSignature(
  authToken: string,
  o: { url: string; params: Record<string, string>; signature: string | undefined },
): boolean {
  if (!o.signature) return false;
  const data =
    o.url +
    Object.keys(o.params)
      .sort()
      .map((name) => name + o.params[name])
      .join("");
  const expected = createHmac("sha1", authToken).update(data, "utf8").digest();
  const given = Buffer.from(o.signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A status callback's message and what its status means; null when it is not one. */
export function readTwilioStatus(
  params: Record<string, string>,
): { id: string; status: SmsDelivery; errorCode: string | null } | null {
  const id = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!id || !/^(SM|MM)[0-9a-f]{32}$/.test(id) || !status) return null;
  return { id, status: smsDeliveryOf(status), errorCode: params.ErrorCode || null };
}
