import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#db/schema/index.ts";
import { createTestCore, failure, said } from "#tests/helpers/core.ts";
import { startFakeKomoju } from "#tests/helpers/fake-komoju.ts";
import { createKomojuVouchers } from "./komoju-vouchers.ts";
import {
  createSandboxVouchers,
  expireSandboxVoucher,
  paySandboxVoucher,
  SANDBOX_VOUCHER_SIGNATURE_HEADER,
  signSandboxVoucherEvent,
} from "./sandbox-vouchers.ts";
import type { VoucherGateway, VoucherPayer } from "./voucher-gateway.ts";

type Signed = { headers: Record<string, string>; body: string };

/** A voucher provider and what its payers and its own systems do, for the same cases on each. */
type Harness = {
  gateway: VoucherGateway;
  now(): Date;
  /** The payer pays at the till or the ATM. */
  pay(id: string): Promise<void>;
  /** The deadline passes unpaid. */
  expire(id: string): Promise<void>;
  /** The signed request the provider sends our webhook once the voucher was paid. */
  capturedEvent(id: string): Promise<Signed>;
  close(): Promise<void>;
};

const harnesses: Record<string, () => Promise<Harness>> = {
  async "the voucher sandbox"() {
    const t = await createTestCore("pglite");
    const gateway = createSandboxVouchers({
      db: t.ctx.db,
      clock: t.clock,
      publicUrl: t.ctx.publicUrl,
      secret: t.ctx.secret,
    });
    return {
      gateway,
      now: () => t.clock.now(),
      pay: async (id) => void (await paySandboxVoucher(t.ctx, id)),
      expire: async (id) => void (await expireSandboxVoucher(t.ctx, id)),
      async capturedEvent(id) {
        // What the sandbox queued for delivery, signed as its delivery job signs it.
        const queued = await t.ctx.db
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(eq(jobs.name, "topups.voucher-sandbox.deliver-event"));
        const body = queued
          .map((j) => String((j.payload as { body: string }).body))
          .find((b) => JSON.parse(b).data.id === id && JSON.parse(b).type === "payment.captured")!;
        return {
          headers: { [SANDBOX_VOUCHER_SIGNATURE_HEADER]: signSandboxVoucherEvent(t.ctx.secret, body) },
          body,
        };
      },
      close: () => t.close(),
    };
  },
  async "KOMOJU (its documented API, on loopback)"() {
    const fake = await startFakeKomoju();
    return {
      gateway: createKomojuVouchers({
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        apiBase: fake.url,
      }),
      now: () => new Date(),
      pay: async (id) => fake.capture(id),
      expire: async (id) => fake.expire(id),
      capturedEvent: async (id) => fake.webhook("payment.captured", id),
      close: () => fake.close(),
    };
  },
};

const payer: VoucherPayer = {
  email: "hanako@example.jp",
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  phone: "090-1234-5678",
};

describe.each(Object.keys(harnesses))("the voucher contract: %s", (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harnesses[name]!();
  });
  afterAll(() => h.close());

  let n = 0;
  const ref = () => `topup-contract-${++n}-${Date.now()}`;
  const issue = (
    o: { method?: "cvs" | "payeasy"; store?: string | null; amount?: number; reference?: string } = {},
  ) =>
    h.gateway.createVoucher({
      method: o.method ?? "cvs",
      store: o.store === undefined ? "10001" : o.store,
      amount: o.amount ?? 3000,
      reference: o.reference ?? ref(),
      payer,
      expiresAt: new Date(h.now().getTime() + 3 * 24 * 3600_000),
    });

  it("issues a konbini voucher with the numbers its store asks for, and a Pay-easy one with its three", async () => {
    const asked = new Date(h.now().getTime() + 3 * 24 * 3600_000);
    const lawson = await issue({ store: "10001", amount: 4800 });
    expect(lawson).toMatchObject({
      method: "cvs",
      store: "10001",
      amount: 4800,
      status: "pending",
      paidAt: null,
    });
    expect(lawson.codes.paymentCode).toMatch(/^\d+$/);
    expect(lawson.codes.instructionsUrl).toMatch(/^https?:\/\//);
    // The deadline is the end of the asked day in Japan or later, never earlier.
    expect(lawson.expiresAt.getTime()).toBeGreaterThanOrEqual(asked.getTime() - 60_000);
    const familyMart = await issue({ store: "10002" });
    expect(familyMart.codes).toMatchObject({ paymentCode: expect.stringMatching(/^\d+$/) });
    expect(familyMart.codes.confirmationNumber).toMatch(/^\d+$/);
    const payeasy = await issue({ method: "payeasy", store: null, amount: 120_000 });
    expect(payeasy).toMatchObject({ method: "payeasy", store: null, status: "pending" });
    expect(payeasy.codes).toMatchObject({
      customerNumber: expect.stringMatching(/^\d+$/),
      institutionNumber: expect.stringMatching(/^\d{5}$/),
      confirmationNumber: expect.stringMatching(/^\d+$/),
    });
    expect(await h.gateway.getVoucher(lawson.id)).toEqual(lawson);
  });

  it("answers the same voucher for a reference used before, and finds it by id and by reference", async () => {
    const reference = ref();
    const first = await issue({ reference });
    expect((await issue({ reference })).id).toBe(first.id);
    expect((await h.gateway.findVoucher(reference))?.id).toBe(first.id);
    expect(await h.gateway.findVoucher("topup-never-made")).toBeNull();
    expect(await h.gateway.getVoucher("0000000000000000000000000")).toBeNull();
  });

  it("reads a paid voucher as paid, with its time; cancelling it then answers it paid", async () => {
    const voucher = await issue({ amount: 12_000 });
    await h.pay(voucher.id);
    const paid = await h.gateway.getVoucher(voucher.id);
    expect(paid).toMatchObject({ status: "paid", amount: 12_000 });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect((await h.gateway.cancelVoucher(voucher.id)).status).toBe("paid");
  });

  it("cancels an unpaid voucher; cancelling again changes nothing", async () => {
    const voucher = await issue({ method: "payeasy", store: null });
    expect((await h.gateway.cancelVoucher(voucher.id)).status).toBe("cancelled");
    expect((await h.gateway.cancelVoucher(voucher.id)).status).toBe("cancelled");
    expect((await h.gateway.getVoucher(voucher.id))?.status).toBe("cancelled");
  });

  it("reads a voucher whose deadline passed unpaid as expired", async () => {
    const voucher = await issue();
    await h.expire(voucher.id);
    expect((await h.gateway.getVoucher(voucher.id))?.status).toBe("expired");
    expect((await h.gateway.findVoucher(voucher.reference))?.status).toBe("expired");
  });

  it("accepts the provider's signed event naming the voucher; refuses a tampered body or signature", async () => {
    const voucher = await issue({ amount: 2500 });
    await h.pay(voucher.id);
    const signed = await h.capturedEvent(voucher.id);
    const event = h.gateway.verifyWebhook(signed);
    expect(event).toMatchObject({ type: "payment.captured", voucherId: voucher.id });
    expect(event?.id).toBeTruthy();
    expect(h.gateway.verifyWebhook({ ...signed, body: signed.body.replace("2500", "9500") })).toBeNull();
    const forged = Object.fromEntries(
      Object.entries(signed.headers).map(([k, v]) => [
        k,
        v.replace(/[0-9a-f]/, (c) => (c === "0" ? "1" : "0")),
      ]),
    );
    expect(h.gateway.verifyWebhook({ headers: forged, body: signed.body })).toBeNull();
    expect(h.gateway.verifyWebhook({ headers: {}, body: signed.body })).toBeNull();
  });

  it("refuses amounts the stores and ATMs refuse, and a store it does not serve", async () => {
    const tooMuch = await failure(issue({ amount: 300_000 }));
    expect(said(tooMuch).fields.amount?.ja).toBe(
      "コンビニ払いでお支払いいただける金額は1円から299,999円までです",
    );
    expect((await failure(issue({ amount: 0 }))).code).toBe("VALIDATION");
    expect((await failure(issue({ method: "payeasy", store: null, amount: 1_000_000 }))).code).toBe(
      "VALIDATION",
    );
    expect((await failure(issue({ store: "10003", amount: 500 }))).code).toBe("BAD_REQUEST");
  });
});
