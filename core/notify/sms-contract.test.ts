import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio } from "#tests/helpers/fake-twilio.ts";
import { createSandboxSms, type SmsSender, smsDeliveryOf } from "./sms.ts";
import { createTwilioSms, readTwilioStatus, verifyTwilioSignature } from "./twilio-sms.ts";

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());

const adapters: [string, () => SmsSender][] = [
  ["the sandbox", () => createSandboxSms({ dir: mkdtempSync(path.join(tmpdir(), "tsugu-sms-")) })],
  [
    "Twilio (its documented API, faked on loopback)",
    () =>
      createTwilioSms({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: "+815012345678",
        statusCallbackUrl: "https://tsugu.example/webhooks/twilio/status",
        apiBase: twilio.url,
      }),
  ],
];

describe.each(adapters)("text messages through %s", (_name, make) => {
  it("takes a Japanese mobile number in national or E.164 form and answers the message's id", async () => {
    const sms = make();
    for (const to of ["090-1234-5678", "+818012345678"]) {
      const sent = await sms.send({ to, text: "Tsugu の確認コード: 123456" });
      expect(sent.id).toMatch(/\S{8,}/);
      expect(["queued", "sent", "delivered"]).toContain(sent.status);
    }
  });

  it("refuses a number that is not a Japanese mobile number, sending nothing", async () => {
    const sms = make();
    const before = twilio.messages.length;
    await expect(sms.send({ to: "03-1234-5678", text: "x" })).rejects.toThrow(/not a Japanese mobile number/);
    expect(twilio.messages.length).toBe(before);
  });
});

describe("Twilio", () => {
  it("posts To in E.164, From, Body and the status callback", async () => {
    const sms = adapters[1]![1]();
    await sms.send({ to: "070-1111-2222", text: "コード 654321" });
    expect(twilio.messages.at(-1)).toMatchObject({
      to: "+817011112222",
      from: "+815012345678",
      body: "コード 654321",
      statusCallback: "https://tsugu.example/webhooks/twilio/status",
    });
  });

  it("fails loudly on wrong credentials, naming Twilio's answer", async () => {
    const sms = createTwilioSms({
      accountSid: twilio.accountSid,
      authToken: "0".repeat(32),
      from: "+815012345678",
      statusCallbackUrl: "https://tsugu.example/webhooks/twilio/status",
      apiBase: twilio.url,
    });
    await expect(sms.send({ to: "09012345678", text: "x" })).rejects.toThrow(/HTTP 401/);
  });

  it("checks a status callback's signature over the address and the sorted parameters", () => {
    const url = "https://tsugu.example/webhooks/twilio/status";
    const params = {
      MessageSid: `SM${"a".repeat(32)}`,
      MessageStatus: "delivered",
      AccountSid: twilio.accountSid,
    };
    const data =
      url +
      Object.keys(params)
        .sort()
        .map((k) => k + params[k as keyof typeof params])
        .join("");
    const signature = createHmac("sha1", twilio.authToken).update(data).digest("base64");
    expect(verifyTwilioSignature(twilio.authToken, { url, params, signature })).toBe(true);
    expect(
      verifyTwilioSignature(twilio.authToken, {
        url,
        params: { ...params, MessageStatus: "failed" },
        signature,
      }),
    ).toBe(false);
    expect(verifyTwilioSignature(twilio.authToken, { url, params, signature: undefined })).toBe(false);
    expect(verifyTwilioSignature(twilio.authToken, { url, params, signature: "bm90IGl0" })).toBe(false);
    expect(readTwilioStatus(params)).toEqual({ id: params.MessageSid, status: "delivered", errorCode: null });
    expect(readTwilioStatus({ MessageStatus: "sent" })).toBeNull();
  });

  it("reads each of Twilio's statuses in our words", () => {
    expect(["accepted", "scheduled", "queued", "sending"].map(smsDeliveryOf)).toEqual(
      Array(4).fill("queued"),
    );
    expect(smsDeliveryOf("sent")).toBe("sent");
    expect(["delivered", "read"].map(smsDeliveryOf)).toEqual(["delivered", "delivered"]);
    expect(["undelivered", "failed", "canceled"].map(smsDeliveryOf)).toEqual(Array(3).fill("failed"));
  });
});
