import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#db/schema/index.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { type FakePayjp, startFakePayjp } from "#tests/helpers/fake-payjp.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createPayjpGateway } from "./payjp-gateway.ts";
import {
  createSandboxCardToken,
  decideSandboxChallenge,
  SANDBOX_CHALLENGE_TTL_MS,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxEvent,
} from "./sandbox-gateway.ts";
import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from "./test-cards.ts";

type Harness = {
  gateway: PaymentGateway;
  token(kind: SandboxCardBehaviour): Promise<string>;
  challenge(chargeId: string, pass: boolean): Promise<void>;
  goodWebhook(body: string): Record<string, string>;
};

let t: TestCore;
let fake: FakePayjp;
const harnesses: Record<string, () => Harness> = {
  sandbox: () => ({
    gateway: t.ctx.payments,
    token: async (kind) =>
      (
        await createSandboxCardToken(t.ctx, {
          number: SANDBOX_TEST_CARDS[kind],
          expMonth: 12,
          expYear: 2030,
          cvc: "123",
        })
      ).id,
    challenge: (chargeId, pass) => decideSandboxChallenge(t.ctx, { chargeId, pass }),
    goodWebhook: (body) => ({
      [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(t.ctx.secret, body, t.clock.now()),
    }),
  }),
  payjp: () => ({
    gateway: createPayjpGateway({
      secretKey: fake.secretKey,
      publicKey: "pk_test_fake",
      webhookToken: "whook_fake_token",
      tdsBackName: "tsugu",
      apiBase: fake.url,
    }),
    token: async (kind) => fake.token(kind),
    challenge: async (chargeId, pass) => fake.completeChallenge(chargeId, pass),
    goodWebhook: () => ({ "x-payjp-webhook-token": "whook_fake_token" }),
  }),
};

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestCore("pglite"), startFakePayjp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close()]);
});

describe.each(Object.keys(harnesses))("payment gateway: %s", (name) => {
  let h: Harness;
  beforeAll(() => {
    h = harnesses[name]!();
  });
  let n = 0;
  const ref = () => `test-${name}-${++n}-${Date.now()}`;

  it("authorises, captures and refunds a card that succeeds; repeats change nothing", async () => {
    const result = await h.gateway.authorize({
      amount: 18000,
      source: { token: await h.token("success") },
      reference: ref(),
      threeDSecure: true,
    });
    if (!result.ok) throw new Error(result.code);
    expect(result.charge).toMatchObject({ amount: 18000, status: "authorized", card: { last4: "4242" } });
    expect((await h.gateway.capture(result.charge.id)).status).toBe("captured");
    expect((await h.gateway.capture(result.charge.id)).status).toBe("captured");
    expect((await h.gateway.refund(result.charge.id)).status).toBe("refunded");
    expect((await h.gateway.getCharge(result.charge.id))?.status).toBe("refunded");
  });

  it("answers a declined card with its code and creates nothing", async () => {
    const result = await h.gateway.authorize({
      amount: 5000,
      source: { token: await h.token("declined") },
      reference: ref(),
      threeDSecure: true,
    });
    expect(result).toEqual({ ok: false, code: "card_declined" });
  });

  it("holds a challenge card until the buyer passes 3-D Secure, then voids on request", async () => {
    const reference = ref();
    const result = await h.gateway.authorize({
      amount: 7000,
      source: { token: await h.token("challenge") },
      reference,
      threeDSecure: true,
    });
    if (!result.ok) throw new Error(result.code);
    expect(result.charge.status).toBe("requires_3ds");
    expect(h.gateway.challengeUrl(result.charge.id, "http://tsugu.test/ja/items/1/secure/result/")).toContain(
      result.charge.id,
    );
    await h.challenge(result.charge.id, true);
    expect((await h.gateway.finishThreeDSecure(result.charge.id)).status).toBe("authorized");
    expect((await h.gateway.findCharge(reference, new Date(Date.now() - 60_000)))?.id).toBe(result.charge.id);
    expect((await h.gateway.void(result.charge.id)).status).toBe("voided");
  });

  it("fails a charge whose 3-D Secure challenge failed", async () => {
    const result = await h.gateway.authorize({
      amount: 7000,
      source: { token: await h.token("challenge") },
      reference: ref(),
      threeDSecure: true,
    });
    if (!result.ok) throw new Error(result.code);
    await h.challenge(result.charge.id, false);
    const finished = await h.gateway.finishThreeDSecure(result.charge.id);
    expect(finished.status).toBe("failed");
    expect(finished.failureCode).toBe("three_d_secure_failed");
  });

  it("saves cards for a customer and charges a saved card", async () => {
    const customer = await h.gateway.createCustomer({ userId: 1, email: "buyer@example.jp" });
    const card = await h.gateway.addCard(customer, await h.token("success"));
    expect(card.last4).toBe("4242");
    expect((await h.gateway.listCards(customer)).map((c) => c.id)).toEqual([card.id]);
    const result = await h.gateway.authorize({
      amount: 1200,
      source: { customerId: customer, cardId: card.id },
      reference: ref(),
      threeDSecure: true,
    });
    expect(result.ok && result.charge.status).toBe("authorized");
    await h.gateway.deleteCard(customer, card.id);
    expect(await h.gateway.listCards(customer)).toEqual([]);
  });

  it("accepts a webhook only with the right signature or token", () => {
    const body = JSON.stringify({
      id: "evnt_1",
      type: "charge.captured",
      data: { object: "charge", id: "ch_1" },
    });
    expect(h.gateway.verifyWebhook({ headers: h.goodWebhook(body), body })).toEqual({
      id: "evnt_1",
      type: "charge.captured",
      chargeId: "ch_1",
    });
    expect(h.gateway.verifyWebhook({ headers: {}, body })).toBeNull();
    const tampered = body.replace("ch_1", "ch_2");
    const forged =
      name === "sandbox" ? h.goodWebhook(body) : { "x-payjp-webhook-token": "whook_wrong_token" };
    expect(h.gateway.verifyWebhook({ headers: forged, body: tampered })).toBeNull();
  });
});

describe("sandbox gateway specifics", () => {
  it("expires a challenge not finished within 30 minutes and queues a signed event per change", async () => {
    const gateway = t.ctx.payments;
    const token = await createSandboxCardToken(t.ctx, {
      number: SANDBOX_TEST_CARDS.challenge,
      expMonth: 1,
      expYear: 2031,
      cvc: "999",
    });
    expect(token.card).toEqual({ brand: "Visa", last4: "3220", expMonth: 1, expYear: 2031 });
    const result = await gateway.authorize({
      amount: 3000,
      source: { token: token.id },
      reference: "exp-1",
      threeDSecure: true,
    });
    if (!result.ok) throw new Error(result.code);
    t.clock.advance(SANDBOX_CHALLENGE_TTL_MS);
    expect((await gateway.getCharge(result.charge.id))?.status).toBe("expired");
    await decideSandboxChallenge(t.ctx, { chargeId: result.charge.id, pass: true });
    expect((await gateway.finishThreeDSecure(result.charge.id)).status).toBe("expired");
    expect((await gateway.void(result.charge.id)).status).toBe("voided");
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, "payments.sandbox.deliver-event"));
    expect(queued.some((j) => String(j.payload.body).includes(result.charge.id))).toBe(true);
  });

  it("refuses card details that are not a card, and never stores the number", async () => {
    const refused = await failure(
      createSandboxCardToken(t.ctx, { number: "4242424242424241", expMonth: 12, expYear: 2030, cvc: "123" }),
    );
    expect(refused.code).toBe("VALIDATION");
    expect(said(refused).fields.card?.ja).toBe(
      "カード番号が正しくありません。カードに書かれた番号を確かめてください",
    );
    expect(said(refused).fields.number?.en).toBe("This card number is not valid. Check it against the card");
    // Each field says what is wrong with it.
    const each = await failure(
      createSandboxCardToken(t.ctx, { number: "424242424242424", expMonth: 13, expYear: 2030, cvc: "1" }),
    );
    expect(said(each).fields.number?.ja).toBe("Visaのカード番号は16桁です（入力は15桁）");
    expect(said(each).fields.expiry?.ja).toBe("有効期限の月は01〜12で入力してください");
    expect(said(each).fields.cvc?.ja).toBe("セキュリティコードはカード裏面の3桁の数字です");
    await createSandboxCardToken(t.ctx, {
      number: SANDBOX_TEST_CARDS.success,
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    const stored = JSON.stringify(await t.ctx.db.execute(sql`select data from sandbox_records`));
    expect(stored).not.toContain(SANDBOX_TEST_CARDS.success);
  });
});
