import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, said } from "#tests/helpers/core.ts";
import { type FakeKomoju, startFakeKomoju } from "#tests/helpers/fake-komoju.ts";
import { createKomojuVouchers, komojuExpiry } from "./komoju-vouchers.ts";
import type { VoucherGateway, VoucherPayer } from "./voucher-gateway.ts";

let fake: FakeKomoju;
let gateway: VoucherGateway;
beforeAll(async () => {
  fake = await startFakeKomoju();
  gateway = createKomojuVouchers({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
  });
});
afterAll(() => fake.close());

const payer: VoucherPayer = {
  email: "hanako@example.jp",
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  phone: "090-1234-5678",
};
let n = 0;
const ref = () => `topup-komoju-${++n}-${Date.now()}`;
/** Three days on, as a top-up asks: the end of that day in Japan, as KOMOJU answers it. */
const inThreeDays = () => new Date(Date.now() + 3 * 24 * 3600_000);
const lastRequest = () => fake.requests.at(-1)!;

describe("KOMOJU voucher adapter", () => {
  it("issues a konbini voucher: KOMOJU's store name, the payer, whole days, our reference as key", async () => {
    const reference = ref();
    const wanted = inThreeDays();
    const voucher = await gateway.createVoucher({
      method: "cvs",
      store: "10002",
      amount: 5000,
      reference,
      payer,
      expiresAt: wanted,
    });
    const post = fake.requests.find((r) => r.method === "POST" && r.idempotencyKey === reference)!;
    expect(post.path).toBe("/api/v1/payments");
    expect(post.body).toEqual({
      amount: 5000,
      currency: "JPY",
      external_order_num: reference,
      payment_details: {
        type: "konbini",
        store: "family-mart",
        email: "hanako@example.jp",
        phone: "090-1234-5678",
        family_name: "山田",
        given_name: "花子",
        expiry_days: 3,
      },
    });
    const p = fake.payments.get(voucher.id)!;
    expect(voucher).toMatchObject({
      method: "cvs",
      store: "10002",
      amount: 5000,
      status: "pending",
      reference,
      paidAt: null,
      codes: {
        paymentCode: p.payment_details.receipt,
        confirmationNumber: "12345",
        instructionsUrl: `https://komoju.com/en/instructions/${voucher.id}`,
      },
    });
    expect(voucher.expiresAt.toISOString()).toBe(komojuExpiry(new Date(), wanted).deadline.toISOString());
    expect(voucher.expiresAt >= wanted).toBe(true);
  });

  it("issues a Pay-easy voucher with the kana and phone, mapping bank_id to the institution number", async () => {
    const voucher = await gateway.createVoucher({
      method: "payeasy",
      store: null,
      amount: 120000,
      reference: ref(),
      payer,
      expiresAt: inThreeDays(),
    });
    expect(lastRequest().body).toMatchObject({
      payment_details: {
        type: "pay_easy",
        family_name_kana: "ヤマダ",
        given_name_kana: "ハナコ",
        phone: "090-1234-5678",
      },
    });
    const details = fake.payments.get(voucher.id)!.payment_details;
    expect(voucher).toMatchObject({ method: "payeasy", store: null, amount: 120000, status: "pending" });
    expect(voucher.codes).toEqual({
      customerNumber: details.customer_id,
      institutionNumber: "58091",
      confirmationNumber: details.confirmation_id,
      instructionsUrl: details.instructions_url,
    });
  });

  it("answers the same voucher for a reference used before, without a second payment", async () => {
    const reference = ref();
    const o = {
      method: "cvs" as const,
      store: "10001",
      amount: 3000,
      reference,
      payer,
      expiresAt: inThreeDays(),
    };
    const first = await gateway.createVoucher(o);
    const before = fake.payments.size;
    const again = await gateway.createVoucher(o);
    expect(again.id).toBe(first.id);
    expect(fake.payments.size).toBe(before);
  });

  it("finds a voucher by id and by reference; unknown ones are null", async () => {
    const reference = ref();
    const voucher = await gateway.createVoucher({
      method: "cvs",
      store: "10008",
      amount: 800,
      reference,
      payer,
      expiresAt: inThreeDays(),
    });
    expect(await gateway.getVoucher(voucher.id)).toEqual(voucher);
    expect((await gateway.findVoucher(reference))?.id).toBe(voucher.id);
    expect(lastRequest().path).toContain(`external_order_num=${reference}`);
    expect(await gateway.getVoucher("0000000000000000000000000")).toBeNull();
    expect(await gateway.findVoucher("topup-never")).toBeNull();
  });

  it("cancels an unpaid voucher; a paid one answers paid; cancelling twice changes nothing", async () => {
    const make = async () =>
      gateway.createVoucher({
        method: "cvs",
        store: "10005",
        amount: 1500,
        reference: ref(),
        payer,
        expiresAt: inThreeDays(),
      });
    const unpaid = await make();
    expect((await gateway.cancelVoucher(unpaid.id)).status).toBe("cancelled");
    expect((await gateway.cancelVoucher(unpaid.id)).status).toBe("cancelled");
    const paid = await make();
    fake.capture(paid.id);
    const answer = await gateway.cancelVoucher(paid.id);
    expect(answer.status).toBe("paid");
    expect(answer.paidAt).toBeInstanceOf(Date);
    expect(fake.payments.get(paid.id)!.status).toBe("captured");
  });

  it("reads each of KOMOJU's statuses as a voucher status", async () => {
    const voucher = await gateway.createVoucher({
      method: "payeasy",
      store: null,
      amount: 2000,
      reference: ref(),
      payer,
      expiresAt: inThreeDays(),
    });
    const cases = [
      ["pending", "pending"],
      ["authorized", "pending"],
      ["captured", "paid"],
      ["refunded", "paid"],
      ["expired", "expired"],
      ["cancelled", "cancelled"],
      ["failed", "cancelled"],
    ] as const;
    for (const [komoju, ours] of cases) {
      fake.setStatus(voucher.id, komoju);
      expect((await gateway.getVoucher(voucher.id))?.status, komoju).toBe(ours);
    }
    fake.setStatus(voucher.id, "authorized");
    fake.expire(voucher.id);
    expect((await gateway.getVoucher(voucher.id))?.status).toBe("expired");
  });

  it("refuses amounts the stores and ATMs refuse, before calling KOMOJU", async () => {
    const before = fake.requests.length;
    const o = { store: "10001", reference: ref(), payer, expiresAt: inThreeDays() };
    const tooMuch = await failure(gateway.createVoucher({ ...o, method: "cvs", amount: 300_000 }));
    expect(tooMuch.code).toBe("VALIDATION");
    expect(said(tooMuch).fields.amount).toEqual({
      ja: "コンビニ払いでお支払いいただける金額は1円から299,999円までです",
      en: "Convenience store payments can be from ¥1 to ¥299,999",
    });
    expect((await failure(gateway.createVoucher({ ...o, method: "cvs", amount: 0 }))).code).toBe(
      "VALIDATION",
    );
    const payeasy = { ...o, store: null, method: "payeasy" as const };
    expect((await failure(gateway.createVoucher({ ...payeasy, amount: 1_000_000 }))).code).toBe("VALIDATION");
    expect((await failure(gateway.createVoucher({ ...payeasy, amount: 12.5 }))).code).toBe("VALIDATION");
    expect(
      (await failure(gateway.createVoucher({ ...o, method: "cvs", store: "10003", amount: 500 }))).code,
    ).toBe("BAD_REQUEST");
    expect(fake.requests.length).toBe(before);
  });

  it("throws when KOMOJU refuses the key", async () => {
    const wrong = createKomojuVouchers({ secretKey: "sk_wrong", webhookSecret: "x", apiBase: fake.url });
    await expect(wrong.getVoucher("0000000000000000000000000")).rejects.toThrow(/401/);
  });
});

describe("KOMOJU webhook signature", () => {
  it("accepts KOMOJU's signed event and reads the payment's id", async () => {
    const voucher = await gateway.createVoucher({
      method: "cvs",
      store: "10001",
      amount: 1000,
      reference: ref(),
      payer,
      expiresAt: inThreeDays(),
    });
    fake.capture(voucher.id);
    const { headers, body } = fake.webhook("payment.captured", voucher.id);
    const event = gateway.verifyWebhook({ headers, body });
    expect(event).toEqual({ id: JSON.parse(body).id, type: "payment.captured", voucherId: voucher.id });
  });

  const body = JSON.stringify({
    id: "evt1",
    type: "payment.expired",
    data: { id: "pay1", resource: "payment" },
  });
  const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

  it("accepts a good signature, also written in capitals", () => {
    const good = sign(fake.webhookSecret, body);
    expect(gateway.verifyWebhook({ headers: { "x-komoju-signature": good }, body })).toEqual({
      id: "evt1",
      type: "payment.expired",
      voucherId: "pay1",
    });
    expect(
      gateway.verifyWebhook({ headers: { "x-komoju-signature": good.toUpperCase() }, body }),
    ).not.toBeNull();
  });

  it("refuses a missing, wrong, shortened or lengthened signature, and a tampered body", () => {
    const good = sign(fake.webhookSecret, body);
    const check = (signature: string | undefined, text = body) =>
      gateway.verifyWebhook({ headers: { "x-komoju-signature": signature }, body: text });
    expect(check(undefined)).toBeNull();
    expect(check(sign("another secret", body))).toBeNull();
    expect(check(good.slice(0, 63))).toBeNull();
    expect(check(`${good}0`)).toBeNull();
    expect(check(good, body.replace("pay1", "pay2"))).toBeNull();
  });

  it("refuses a correctly signed body that is not an event", () => {
    for (const text of ["not json", "{}", JSON.stringify({ id: "e", type: "" }), "[]"]) {
      expect(
        gateway.verifyWebhook({
          headers: { "x-komoju-signature": sign(fake.webhookSecret, text) },
          body: text,
        }),
      ).toBeNull();
    }
    const ping = JSON.stringify({ id: "e2", type: "ping", data: { resource: "customer", id: "c1" } });
    expect(
      gateway.verifyWebhook({
        headers: { "x-komoju-signature": sign(fake.webhookSecret, ping) },
        body: ping,
      }),
    ).toEqual({ id: "e2", type: "ping", voucherId: null });
  });
});

describe("KOMOJU's whole days", () => {
  it("rounds a deadline up to 23:59:59 in Japan and counts the days from today there", () => {
    // 2026-11-22 12:00 JST.
    const now = new Date("2026-11-22T03:00:00Z");
    expect(komojuExpiry(now, new Date("2026-11-25T10:00:00Z"))).toEqual({
      days: 3,
      deadline: new Date("2026-11-25T14:59:59Z"),
    });
    // Later today in Japan: KOMOJU's least is one day.
    expect(komojuExpiry(now, new Date("2026-11-22T14:00:00Z"))).toEqual({
      days: 1,
      deadline: new Date("2026-11-23T14:59:59Z"),
    });
    // 2026-11-23 00:30 JST is the next day already.
    expect(komojuExpiry(now, new Date("2026-11-22T15:30:00Z")).days).toBe(1);
  });
});
