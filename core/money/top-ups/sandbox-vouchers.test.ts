import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, sandboxRecords } from "#db/schema/index.ts";
import { createTestCore, failure, said, TEST_PUBLIC_URL, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { createJobRunner } from "../../jobs/job-runner.ts";
import {
  createSandboxVouchers,
  expireSandboxVoucher,
  expireSandboxVoucherHandler,
  paySandboxVoucher,
  SANDBOX_VOUCHER_JOB_HANDLERS,
  signSandboxVoucherEvent,
} from "./sandbox-vouchers.ts";
import type { VoucherGateway, VoucherPayer } from "./voucher-gateway.ts";

const payer: VoucherPayer = {
  email: "taro@example.jp",
  familyName: "佐藤",
  givenName: "太郎",
  familyNameKana: "サトウ",
  givenNameKana: "タロウ",
  phone: "090-1234-5678",
};
const HOUR = 3600_000;

describe.each(ENGINES)("voucher sandbox on %s", (engine) => {
  let t: TestCore;
  let gateway: VoucherGateway;
  // 2026-11-22 12:00 JST: three days on, the provider's deadline is 2026-11-25 23:59:59 JST.
  const START = "2026-11-22T03:00:00Z";
  const DEADLINE = new Date("2026-11-25T14:59:59Z");
  beforeAll(async () => {
    t = await createTestCore(engine, START);
    gateway = createSandboxVouchers({
      db: t.ctx.db,
      clock: t.clock,
      publicUrl: t.ctx.publicUrl,
      secret: t.ctx.secret,
    });
  });
  afterAll(() => t.close());

  let n = 0;
  const ref = () => `topup-${++n}`;
  const issue = (
    o: { method?: "cvs" | "payeasy"; store?: string | null; amount?: number; reference?: string } = {},
  ) =>
    gateway.createVoucher({
      method: o.method ?? "cvs",
      store: o.store === undefined ? "10001" : o.store,
      amount: o.amount ?? 3000,
      reference: o.reference ?? ref(),
      payer,
      expiresAt: new Date(t.clock.now().getTime() + 72 * HOUR),
    });
  /** The events queued for delivery about one voucher, oldest first. */
  const eventsOf = async (id: string) =>
    (await t.ctx.db.select().from(jobs).where(eq(jobs.name, "topups.voucher-sandbox.deliver-event")))
      .sort((a, b) => a.id - b.id)
      .map((j) => JSON.parse(String(j.payload.body)))
      .filter((e) => e.data.id === id);
  const stateOf = async (id: string) =>
    (
      await t.ctx.db
        .select({ state: sandboxRecords.state })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.provider, "sandbox-voucher.voucher"), eq(sandboxRecords.reference, id)))
    )[0]?.state;

  it("issues konbini and Pay-easy vouchers with codes shaped like the real ones", async () => {
    t.clock.set(START);
    const lawson = await issue({ store: "10001", amount: 4800 });
    expect(lawson).toMatchObject({
      method: "cvs",
      store: "10001",
      amount: 4800,
      status: "pending",
      paidAt: null,
    });
    expect(lawson.id).toMatch(/^[0-9a-z]{25}$/);
    expect(lawson.codes).toEqual({
      paymentCode: expect.stringMatching(/^\d{6}$/),
      confirmationNumber: "09012345678",
      instructionsUrl: `${TEST_PUBLIC_URL}/sandbox/vouchers/${lawson.id}/`,
    });
    expect(lawson.expiresAt).toEqual(DEADLINE);
    const familyMart = await issue({ store: "10002" });
    expect(familyMart.codes.paymentCode).toMatch(/^\d{11}$/);
    expect(familyMart.codes.confirmationNumber).toMatch(/^\d{5}$/);
    const payeasy = await issue({ method: "payeasy", store: null, amount: 999_999 });
    expect(payeasy.codes).toEqual({
      customerNumber: expect.stringMatching(/^\d{16}$/),
      institutionNumber: expect.stringMatching(/^\d{5}$/),
      confirmationNumber: expect.stringMatching(/^\d{6}$/),
      instructionsUrl: `${TEST_PUBLIC_URL}/sandbox/vouchers/${payeasy.id}/`,
    });
    expect(await gateway.getVoucher(lawson.id)).toEqual(lawson);
    const expiry = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `topups.voucher-sandbox.expire:${lawson.id}`));
    expect(expiry[0]?.runAt).toEqual(DEADLINE);
  });

  it("answers the same voucher for a reference used before, also when asked twice at once", async () => {
    t.clock.set(START);
    const reference = ref();
    const [a, b] = await Promise.all([issue({ reference }), issue({ reference })]);
    expect(b.id).toBe(a.id);
    expect((await issue({ reference, amount: 9999 })).id).toBe(a.id);
    expect((await gateway.findVoucher(reference))?.id).toBe(a.id);
    expect(await gateway.findVoucher("topup-never")).toBeNull();
    expect(await gateway.getVoucher("nosuchvoucher")).toBeNull();
  });

  it("refuses amounts outside ¥1–¥299,999 at a store and ¥1–¥999,999 by Pay-easy", async () => {
    t.clock.set(START);
    const over = await failure(issue({ amount: 300_000 }));
    expect(over.code).toBe("VALIDATION");
    expect(said(over).fields.amount?.ja).toBe(
      "コンビニ払いでお支払いいただける金額は1円から299,999円までです",
    );
    expect((await failure(issue({ amount: 0 }))).code).toBe("VALIDATION");
    const payeasy = await failure(issue({ method: "payeasy", store: null, amount: 1_000_000 }));
    expect(said(payeasy).fields.amount?.en).toBe("Pay-easy payments can be from ¥1 to ¥999,999");
    expect((await issue({ amount: 299_999 })).amount).toBe(299_999);
    expect((await failure(issue({ store: "10003" }))).code).toBe("BAD_REQUEST");
  });

  it("reads a voucher past its deadline as expired at once, then expires it and says so at the deadline", async () => {
    t.clock.set(START);
    const voucher = await issue();
    t.clock.set(new Date(DEADLINE.getTime() - 1000));
    expect((await gateway.getVoucher(voucher.id))?.status).toBe("pending");
    t.clock.set(DEADLINE);
    expect((await gateway.getVoucher(voucher.id))?.status).toBe("expired");
    expect((await gateway.findVoucher(voucher.reference))?.status).toBe("expired");
    expect(await stateOf(voucher.id)).toBe("pending");
    expect(await eventsOf(voucher.id)).toEqual([]);
    await createJobRunner({ ctx: t.ctx, handlers: [expireSandboxVoucherHandler] }).runDue();
    expect(await stateOf(voucher.id)).toBe("expired");
    const events = await eventsOf(voucher.id);
    expect(events.map((e) => e.type)).toEqual(["payment.expired"]);
    expect(events[0].data).toMatchObject({ status: "expired", external_order_num: voucher.reference });
    // Said once: expiring it again from the page adds nothing.
    expect((await expireSandboxVoucher(t.ctx, voucher.id)).status).toBe("expired");
    expect(await eventsOf(voucher.id)).toHaveLength(1);
  });

  it("pays a voucher once, with one captured event; cancelling it then answers it paid", async () => {
    t.clock.set(START);
    const voucher = await issue({ amount: 12_000 });
    t.clock.advance(HOUR);
    const paid = await paySandboxVoucher(t.ctx, voucher.id);
    expect(paid).toMatchObject({ status: "paid", paidAt: t.clock.now() });
    expect((await paySandboxVoucher(t.ctx, voucher.id)).status).toBe("paid");
    expect((await gateway.cancelVoucher(voucher.id)).status).toBe("paid");
    t.clock.set(new Date(DEADLINE.getTime() + HOUR));
    expect((await gateway.getVoucher(voucher.id))?.status).toBe("paid");
    const events = await eventsOf(voucher.id);
    expect(events.map((e) => e.type)).toEqual(["payment.captured"]);
    expect(events[0]).toMatchObject({
      resource: "event",
      data: { id: voucher.id, resource: "payment", status: "captured", amount: 12_000, currency: "JPY" },
    });
    // A paid voucher's deadline job finds nothing to do.
    await createJobRunner({ ctx: t.ctx, handlers: [expireSandboxVoucherHandler] }).runDue();
    expect(await stateOf(voucher.id)).toBe("paid");
    await expect(expireSandboxVoucher(t.ctx, voucher.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses cash after the provider's deadline, and once the page made it expire", async () => {
    t.clock.set(START);
    const late = await issue();
    t.clock.set(DEADLINE);
    const refused = await failure(paySandboxVoucher(t.ctx, late.id));
    expect(refused.code).toBe("CONFLICT");
    expect(said(refused).message.ja).toBe("このお支払い番号は支払期限を過ぎています");
    expect(await stateOf(late.id)).toBe("pending");

    t.clock.set(START);
    const early = await issue();
    const expired = await expireSandboxVoucher(t.ctx, early.id);
    expect(expired.status).toBe("expired");
    expect(expired.expiresAt).toEqual(t.clock.now());
    expect((await failure(paySandboxVoucher(t.ctx, early.id))).code).toBe("CONFLICT");
    expect((await eventsOf(early.id)).map((e) => e.type)).toEqual(["payment.expired"]);
  });

  it("cancels an unpaid voucher once; it cannot be paid afterwards", async () => {
    t.clock.set(START);
    const voucher = await issue({ method: "payeasy", store: null });
    expect((await gateway.cancelVoucher(voucher.id)).status).toBe("cancelled");
    expect((await gateway.cancelVoucher(voucher.id)).status).toBe("cancelled");
    const refused = await failure(paySandboxVoucher(t.ctx, voucher.id));
    expect(said(refused).message.en).toBe("This payment number has been canceled");
    expect((await eventsOf(voucher.id)).map((e) => e.type)).toEqual(["payment.cancelled"]);
    // An expired voucher stays expired.
    const old = await issue();
    t.clock.set(DEADLINE);
    expect((await gateway.cancelVoucher(old.id)).status).toBe("expired");
  });

  it("accepts only events signed with its secret", () => {
    const body = JSON.stringify({
      id: "evt_1",
      type: "payment.captured",
      data: { id: "v1", resource: "payment" },
    });
    const good = signSandboxVoucherEvent(t.ctx.secret, body);
    const check = (signature: string | undefined, text = body) =>
      gateway.verifyWebhook({ headers: { "x-komoju-signature": signature }, body: text });
    expect(check(good)).toEqual({ id: "evt_1", type: "payment.captured", voucherId: "v1" });
    expect(check(undefined)).toBeNull();
    expect(check(signSandboxVoucherEvent("another secret", body))).toBeNull();
    expect(check(good.slice(0, 40))).toBeNull();
    expect(check(`${good}ab`)).toBeNull();
    expect(check(good, body.replace("v1", "v2"))).toBeNull();
    expect(check(signSandboxVoucherEvent(t.ctx.secret, "{}"), "{}")).toBeNull();
  });

  it("delivers each event to /webhooks/voucher-sandbox, signed, with its own id", async () => {
    const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"received":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      t.clock.set(START);
      const voucher = await issue();
      await paySandboxVoucher(t.ctx, voucher.id);
      const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const runner = createJobRunner({
        ctx: { ...t.ctx, publicUrl },
        handlers: SANDBOX_VOUCHER_JOB_HANDLERS,
      });
      while ((await runner.runDue()) > 0) {}
      expect(received.length).toBeGreaterThan(0);
      expect(received.every((r) => r.path === "/webhooks/voucher-sandbox")).toBe(true);
      const events = received.map((r) =>
        gateway.verifyWebhook({ headers: r.headers as Record<string, string>, body: r.body }),
      );
      expect(events.every((e) => e !== null)).toBe(true);
      expect(new Set(events.map((e) => e!.id)).size).toBe(events.length);
      const mine = received.find((r) => JSON.parse(r.body).data.id === voucher.id)!;
      expect(mine.headers["x-komoju-event"]).toBe("payment.captured");
      expect(mine.headers["x-komoju-id"]).toBe(JSON.parse(mine.body).id);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
