import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  /** Each message accepted: its sid, To, From (or messaging service), Body and StatusCallback. */
  messages: { sid: string; to: string; from: string; body: string; statusCallback: string }[];
  /** The status callback Twilio would post about a message: the form and its X-Twilio-Signature. */
  statusCallback(
    callbackUrl: string,
    params: Record<string, string>,
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
};

/**
 * A loopback stand-in for Twilio's Messages API with its documented shapes: basic auth with the
 * account SID and auth token, form-encoded `To`/`From`/`Body`, 201 with the message `queued`, and
 * the documented errors (20003 wrong credentials, 21211 a number that is not a phone number).
 */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const messages: FakeTwilio["messages"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        return send(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To") ?? "";
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return send(400, {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
          status: 400,
        });
      }
      const sid = `SM${randomBytes(16).toString("hex")}`;
      messages.push({
        sid,
        to,
        from: form.get("From") ?? form.get("MessagingServiceSid") ?? "",
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback") ?? "",
      });
      send(201, { sid, status: "queued", to, error_code: null, error_message: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    statusCallback(callbackUrl, params) {
      const signed: Record<string, string> = { ...params, AccountSid: accountSid };
      const data =
        callbackUrl +
        Object.keys(signed)
          .sort()
          .map((k) => k + signed[k])
          .join("");
      const signature = createHmac("sha1", authToken).update(data).digest("base64");
      return {
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        body: new URLSearchParams(signed).toString(),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
