import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken } from "#tests/helpers/trading.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { finishCardPayment } from "./finish-card-payment.ts";
import type { PaymentPurpose } from "./payment-purpose.ts";
import { createSandboxGateway, decideSandboxChallenge } from "./sandbox-gateway.ts";
import { type StartCardPayment, startCardPayment } from "./start-card-payment.ts";
import type { SandboxCardBehaviour } from "./test-cards.ts";

const DECLINED = msg("trading.errors.declined");
const SECURE_FAILED = msg("trading.errors.secureFailed");
const SECURE_EXPIRED = msg("trading.errors.secureExpired");
const RETURN_URL = "http://tsugu.test/ja/back/";

/** A purpose that takes the money whenever it is asked, and remembers what it was told. */
function recordingPurpose() {
  const told: string[] = [];
  const purpose: PaymentPurpose = {
    async decide() {
      return "capture";
    },
    async settle() {
      told.push("settle");
      return true;
    },
    async afterSettled() {
      told.push("afterSettled");
    },
    async abandon(_ctx, _payment, why) {
      told.push(`abandon:${why}`);
    },
  };
  return { purpose, told };
}

describe.each(ENGINES)("starting a card payment on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T03:00:00Z");
  });
  afterAll(async () => {
    await t.close();
  });

  const chargesUnder = async (reference: string) =>
    (
      await t.ctx.db.select().from(sandboxRecords).where(eq(sandboxRecords.provider, "sandbox-pay.charge"))
    ).filter((r) => (r.data as { reference: string }).reference === reference);

  async function start(kind: SandboxCardBehaviour, o: Partial<StartCardPayment> = {}) {
    const member = await makeMember(t.ctx);
    const { purpose, told } = recordingPurpose();
    const request: StartCardPayment = {
      paidFor: { kind: "top_up", purpose },
      payerId: member.id,
      amount: 1200,
      card: { token: await cardToken(t.ctx, kind) },
      returnUrl: RETURN_URL,
      idempotencyKey: `test-${randomUUID()}`,
      messages: { declined: DECLINED, cardRequired: DECLINED },
      ...o,
    };
    return { request, told, result: await startCardPayment(t.ctx, request) };
  }

  it("paid: the card is charged once and the purpose settled", async () => {
    const { request, told, result } = await start("success");
    expect(result.status).toBe("paid");
    expect(result.payment).toMatchObject({
      state: "COMPLETED",
      amount: 1200,
      reference: request.idempotencyKey,
    });
    expect(result.replayed).toBeUndefined();
    expect(told).toEqual(["settle", "afterSettled"]);
    const charges = await chargesUnder(request.idempotencyKey);
    expect(charges.map((c) => c.state)).toEqual(["captured"]);
  });

  it("awaiting 3-D Secure: the payer is sent to the challenge, and the finish takes the money", async () => {
    const { request, told, result } = await start("challenge");
    expect(result.status).toBe("awaiting_3ds");
    if (result.status !== "awaiting_3ds") return;
    expect(result.payment.state).toBe("INCOMPLETED");
    const url = new URL(result.redirectUrl!);
    expect(url.pathname).toBe(`/sandbox/payments/challenge/${result.payment.chargeId}/`);
    expect(url.searchParams.get("return")).toBe(RETURN_URL);
    expect(told).toEqual([]);
    const messages = { failed: SECURE_FAILED, expired: SECURE_EXPIRED };
    const finish = () =>
      finishCardPayment(t.ctx, { paymentId: result.payment.id, purpose: request.paidFor.purpose, messages });
    // Back before the challenge was taken: still waiting, nothing taken.
    expect((await finish()).status).toBe("awaiting_3ds");
    await decideSandboxChallenge(t.ctx, { chargeId: result.payment.chargeId!, pass: true });
    const finished = await finish();
    expect(finished.status).toBe("paid");
    expect(finished.payment?.state).toBe("COMPLETED");
    // Back again: answered as it stands, settled once.
    expect((await finish()).status).toBe("paid");
    expect(told).toEqual(["settle", "afterSettled"]);
  });

  it("a failed challenge is refused with the caller's message, and the purpose let go", async () => {
    const { request, told, result } = await start("challenge");
    await decideSandboxChallenge(t.ctx, { chargeId: result.payment!.chargeId!, pass: false });
    const finished = await finishCardPayment(t.ctx, {
      paymentId: result.payment!.id,
      purpose: request.paidFor.purpose,
      messages: { failed: SECURE_FAILED, expired: SECURE_EXPIRED },
    });
    expect(finished.status).toBe("refused");
    if (finished.status !== "refused") return;
    expect(finished.payment?.state).toBe("FAILED");
    expect(finished.error.code).toBe("PAYMENT_FAILED");
    expect(said(finished.error).message).toEqual(
      said(new AppError("PAYMENT_FAILED", { message: SECURE_FAILED })).message,
    );
    expect(told).toEqual(["abandon:fail"]);
  });

  it("refused: a declined card fails the payment and its purpose at once, with the caller's message", async () => {
    const { request, told, result } = await start("declined");
    expect(result.status).toBe("refused");
    if (result.status !== "refused") return;
    expect(result.payment).toMatchObject({ state: "FAILED", chargeId: null });
    expect(result.payment?.failureCode).toBeTruthy();
    expect(result.error.code).toBe("PAYMENT_FAILED");
    expect(said(result.error).message).toEqual(
      said(new AppError("PAYMENT_FAILED", { message: DECLINED })).message,
    );
    expect(told).toEqual(["abandon:fail"]);
    expect(await chargesUnder(request.idempotencyKey)).toEqual([]);
  });

  it("idempotent replay: the same key answers the same payment as it stands, and never charges twice", async () => {
    const { request, told, result } = await start("success");
    const again = await startCardPayment(t.ctx, { ...request, amount: 9999 });
    expect(again.replayed).toBe(true);
    expect(again.status).toBe("paid");
    expect(again.payment?.id).toBe(result.payment?.id);
    expect(again.payment?.amount).toBe(1200);
    expect(told).toEqual(["settle", "afterSettled"]);
    expect(await chargesUnder(request.idempotencyKey)).toHaveLength(1);
  });

  it("a replayed refusal stays a refusal, still without a charge", async () => {
    const { request, result } = await start("declined");
    const again = await startCardPayment(t.ctx, request);
    expect(again).toMatchObject({ status: "refused", replayed: true });
    expect(again.payment?.id).toBe(result.payment?.id);
    expect(await chargesUnder(request.idempotencyKey)).toEqual([]);
  });

  it("resumed under the same key, the payment goes on from where it stopped (one charge)", async () => {
    const { request, result } = await start("challenge", { resume: true });
    expect(result.status).toBe("awaiting_3ds");
    await decideSandboxChallenge(t.ctx, { chargeId: result.payment!.chargeId!, pass: true });
    await t.ctx.payments.finishThreeDSecure(result.payment!.chargeId!);
    const resumed = await startCardPayment(t.ctx, request);
    expect(resumed.replayed).toBeUndefined();
    expect(resumed.status).toBe("paid");
    expect(await chargesUnder(request.idempotencyKey)).toHaveLength(1);
  });

  it("a connection cut while the provider makes a charge leaves nothing half made: the same card and reference charge once afterwards", async () => {
    // The provider's writes on a connection that drops before the charge itself is written.
    let inserts = 0;
    const cutting = new Proxy(t.ctx.db, {
      get(target, prop) {
        if (prop !== "transaction") {
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (work: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx as unknown as Db, {
                get(inner, name) {
                  if (name === "insert" && ++inserts === 2)
                    throw new Error("Connection terminated unexpectedly");
                  const value = Reflect.get(inner, name, inner);
                  return typeof value === "function" ? value.bind(inner) : value;
                },
              }),
            ),
          );
      },
    });
    const cut = createSandboxGateway({
      db: cutting,
      clock: t.ctx.clock,
      publicUrl: "http://tsugu.test",
      secret: t.ctx.secret,
    });
    const source = { token: await cardToken(t.ctx, "success") };
    const reference = `test-cut-${randomUUID()}`;
    await expect(cut.authorize({ amount: 1200, source, reference, threeDSecure: true })).rejects.toThrow(
      "Connection terminated",
    );
    // Asked again (a resumed purchase): the token was not spent, and the charge is made, once.
    const again = await t.ctx.payments.authorize({ amount: 1200, source, reference, threeDSecure: true });
    expect(again.ok && again.charge.status).toBe("authorized");
    expect(await chargesUnder(reference)).toHaveLength(1);
    expect((await t.ctx.payments.findCharge(reference, new Date(0)))?.id).toBe(
      again.ok ? again.charge.id : null,
    );
  });

  it("a claim that fails lets the hold go and is answered as the refusal", async () => {
    const { purpose, told } = recordingPurpose();
    const refusal = new AppError("CONFLICT", { message: msg("trading.errors.soldOut") });
    const { request, result } = await start("success", {
      paidFor: {
        kind: "top_up",
        purpose: { ...purpose, decide: async () => "wait" },
        claim: async () => {
          throw refusal;
        },
      },
    });
    expect(result).toMatchObject({ status: "refused", error: refusal });
    expect(result.payment?.state).toBe("VOIDED");
    expect(told).toEqual(["abandon:void"]);
    expect((await chargesUnder(request.idempotencyKey)).map((c) => c.state)).toEqual(["voided"]);
  });

  it("giving up before any charge makes no payment and asks nothing of the provider", async () => {
    const refusal = new AppError("CONFLICT", { message: msg("trading.errors.soldOut") });
    const { request, result } = await start("success", { resume: true, giveUp: refusal });
    expect(result).toEqual({ status: "refused", payment: null, error: refusal });
    expect(await chargesUnder(request.idempotencyKey)).toEqual([]);
  });
});
