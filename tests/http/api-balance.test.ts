import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZenginTransferFile } from "#core/banking/zengin-file.ts";
import { createSession, type SessionUser } from "#core/identity/sessions.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { SANDBOX_KYASH_ACCOUNTS } from "#core/money/payouts/sandbox-wallet.ts";
import { bankAccounts } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";

let server: TestServer;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

async function call(
  method: string,
  path: string,
  o: { token?: string; body?: unknown; raw?: string; key?: string; headers?: Record<string, string> } = {},
) {
  const hasBody = o.body !== undefined || o.raw !== undefined;
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      "accept-language": "ja",
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(hasBody ? { "content-type": "application/json" } : {}),
      ...(o.key ? { "idempotency-key": o.key } : {}),
      ...o.headers,
    },
    body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  return {
    status: res.status,
    type,
    json: (text && type.includes("json") ? JSON.parse(text) : null) as Json,
  };
}

async function tokenFor(user: { id: number }) {
  return (await createSession(server.ctx, { userId: user.id, kind: "api", persistent: true })).token;
}

/** A member with an address and a registered bank account, and `proceeds` yen of proceeds. */
async function seller(proceeds: number): Promise<SessionUser & { token: string }> {
  const m = await makeBuyer(server.ctx);
  await server.ctx.db.insert(bankAccounts).values({
    userId: m.id,
    bankCode: "0001",
    bankName: "みずほ銀行",
    branchCode: "001",
    branchName: "東京営業部",
    accountType: "1",
    accountNumber: "1234567",
    holderName: "ヤマダ　ハナコ",
  });
  if (proceeds > 0) await giveProceeds(m.id, proceeds);
  return { ...m, token: await tokenFor(m) };
}

async function giveProceeds(userId: number, amount: number) {
  await creditProceeds(server.ctx, {
    idempotencyKey: `test-sale:${userId}:${randomUUID()}`,
    kind: "sale_proceeds",
    refs: {},
    userId,
    amount,
    lines: [
      { account: platformAccount("revenue"), amount: -amount },
      { account: memberAccount(userId, "proceeds"), amount },
    ],
  });
}

const proceedsOf = async (userId: number) => (await getBalance(server.ctx, { userId })).proceeds;
const key = () => `k-${randomUUID()}`;

/** A 4xx JSON error with this code (and, when given, these fields). */
function expectError(res: { status: number; json: Json }, status: number, code: string, fields?: string[]) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
  expect(typeof res.json.error.message).toBe("string");
  if (fields) expect(Object.keys(res.json.error.fields ?? {}).sort()).toEqual([...fields].sort());
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerInvariants(server.ctx.db);
  await server?.close();
});

describe("balance API for members", () => {
  it("GET /me/balance keeps balance and history and adds the summary", async () => {
    const m = await seller(4000);
    const res = await call("GET", "/me/balance", { token: m.token });
    expect(res.status).toBe(200);
    expect(res.json.balance.proceeds).toBe(4000);
    expect(res.json.history.items).toHaveLength(1);
    expect(res.json.summary).toMatchObject({
      proceeds: 4000,
      points: 0,
      free_points: 0,
      escrow: 0,
      pending_top_up: null,
      open_payouts: [],
    });
    expect(res.json.summary.next_proceeds_deadline.amount).toBe(4000);
    expect(new Date(res.json.summary.next_proceeds_deadline.at).getTime()).toBeGreaterThan(Date.now());
  });

  it("pages the transfer history with a cursor; a cursor it did not give is a 400, never a 500", async () => {
    const m = await seller(1000);
    await giveProceeds(m.id, 2000);
    await giveProceeds(m.id, 3000);
    const first = await call("GET", "/me/balance/history?limit=2", { token: m.token });
    expect(first.status).toBe(200);
    expect(first.json.items.map((i: Json) => i.proceeds)).toEqual([3000, 2000]);
    expect(first.json.items[0]).toMatchObject({ kind: "sale_proceeds", cause: { type: "other" } });
    const next = await call("GET", `/me/balance/history?limit=2&before=${first.json.next_cursor}`, {
      token: m.token,
    });
    expect(next.json.items.map((i: Json) => i.proceeds)).toEqual([1000]);
    expect(next.json.next_cursor).toBeNull();
    for (const bad of ["abc", "-1", "0", "1.5", "9".repeat(40), "%00"]) {
      expectError(
        await call("GET", `/me/balance/history?before=${bad}`, { token: m.token }),
        400,
        "BAD_REQUEST",
      );
    }
    expectError(await call("GET", "/me/balance/history?limit=0", { token: m.token }), 422, "VALIDATION", [
      "limit",
    ]);
    expectError(await call("GET", "/me/balance/history"), 401, "UNAUTHORIZED");
  });

  it("issues a convenience-store voucher, one at a time, shows it to its owner only, and cancels it", async () => {
    const m = await seller(0);
    const stranger = await seller(0);
    const body = { method: "cvs", store: "10002", amount: 3000 };
    const made = await call("POST", "/me/balance/top-ups", { token: m.token, body });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ method: "cvs", store: "10002", amount: 3000, state: "PENDING" });
    expect(made.json.voucher.payment_code).toMatch(/^\d+$/);
    expect(new Date(made.json.deadline).getTime()).toBeGreaterThan(Date.now());
    const id = made.json.id;

    const second = await call("POST", "/me/balance/top-ups", {
      token: m.token,
      body: { method: "payeasy", amount: 5000 },
    });
    expectError(second, 409, "CONFLICT");
    expect(second.json.error.message).toContain("お支払い待ちのチャージがあります");

    const shown = await call("GET", `/me/balance/top-ups/${id}`, { token: m.token });
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual(made.json);
    expectError(await call("GET", `/me/balance/top-ups/${id}`, { token: stranger.token }), 404, "NOT_FOUND");
    expectError(
      await call("POST", `/me/balance/top-ups/${id}/cancel`, { token: stranger.token }),
      404,
      "NOT_FOUND",
    );
    expectError(await call("GET", "/me/balance/top-ups/abc", { token: m.token }), 404, "NOT_FOUND");
    const summary = await call("GET", "/me/balance", { token: m.token });
    expect(summary.json.summary.pending_top_up).toMatchObject({ id, method: "cvs", amount: 3000 });

    const cancelled = await call("POST", `/me/balance/top-ups/${id}/cancel`, { token: m.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.state).toBe("CANCELED");
    expectError(await call("POST", `/me/balance/top-ups/${id}/cancel`, { token: m.token }), 409, "CONFLICT");
    const again = await call("POST", "/me/balance/top-ups", {
      token: m.token,
      body: { method: "payeasy", amount: 5000 },
    });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ method: "payeasy", store: null, amount: 5000 });
  });

  it("refuses bad top-ups with a JSON 4xx naming the field", async () => {
    const m = await seller(0);
    const t = m.token;
    const post = (body: unknown) => call("POST", "/me/balance/top-ups", { token: t, body });
    expectError(await post({ method: "cvs", store: "10001", amount: 0 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "cvs", store: "10001", amount: 1_000_000 }), 422, "VALIDATION", [
      "amount",
    ]);
    expectError(await post({ method: "payeasy", amount: 1_000_000 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "cvs", store: "10001", amount: "abc" }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "cvs", store: "10001", amount: 1.5 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "cvs", amount: 3000 }), 422, "VALIDATION", ["store"]);
    expectError(await post({ method: "cvs", store: "99999", amount: 3000 }), 422, "VALIDATION", ["store"]);
    expectError(await post({ method: "card", amount: 3000 }), 422, "VALIDATION", ["method"]);
    expectError(await post({}), 422, "VALIDATION", ["method", "amount"]);
    expectError(
      await call("POST", "/me/balance/top-ups", { token: t, raw: '{"method":' }),
      400,
      "BAD_REQUEST",
    );
    expectError(
      await call("POST", "/me/balance/top-ups", { token: t, raw: '{"method":"cvs\\u0000","amount":3000}' }),
      400,
      "BAD_REQUEST",
    );
    expectError(
      await call("POST", "/me/balance/top-ups", {
        token: t,
        raw: "{}",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // No address saved: the voucher needs the payer's name and phone.
    const noAddress = await makeMember(server.ctx);
    expectError(
      await call("POST", "/me/balance/top-ups", {
        token: await tokenFor(noAddress),
        body: { method: "payeasy", amount: 3000 },
      }),
      409,
      "CONFLICT",
    );
  });

  it("pays out to the bank once per Idempotency-Key, shows it to its owner only, and cancels it", async () => {
    const m = await seller(10_000);
    const stranger = await seller(0);
    const k = key();
    const first = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: k,
      body: { method: "bank", amount: 3000 },
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      method: "bank",
      amount: 3000,
      fee: 250,
      total: 3250,
      state: "READY",
      atm: null,
      destination: { bank_name: "みずほ銀行", account_number_masked: "****567" },
    });
    const repeated = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: k,
      body: { method: "bank", amount: 3000 },
    });
    expect(repeated.status).toBe(200);
    expect(repeated.json).toEqual(first.json);
    // The same key with another body is another request: 409, as purchases answer, nothing moved.
    for (const body of [
      { method: "bank", amount: 4000 },
      { method: "seven", amount: 3000 },
    ]) {
      expectError(
        await call("POST", "/me/balance/payouts", { token: m.token, key: k, body }),
        409,
        "CONFLICT",
      );
    }
    expect(await proceedsOf(m.id)).toBe(10_000 - 3250);

    const id = first.json.id;
    const shown = await call("GET", `/me/balance/payouts/${id}`, { token: m.token });
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual(first.json);
    expectError(await call("GET", `/me/balance/payouts/${id}`, { token: stranger.token }), 404, "NOT_FOUND");
    expectError(
      await call("POST", `/me/balance/payouts/${id}/cancel`, { token: stranger.token }),
      404,
      "NOT_FOUND",
    );
    const summary = await call("GET", "/me/balance", { token: m.token });
    expect(summary.json.summary.open_payouts).toEqual([
      expect.objectContaining({ id, method: "bank", amount: 3000, fee: 250, state: "READY" }),
    ]);

    const cancelled = await call("POST", `/me/balance/payouts/${id}/cancel`, { token: m.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.state).toBe("CANCELED");
    expect(await proceedsOf(m.id)).toBe(10_000);
    expectError(await call("POST", `/me/balance/payouts/${id}/cancel`, { token: m.token }), 409, "CONFLICT");
    const history = await call("GET", "/me/balance/history", { token: m.token });
    expect(history.json.items[0].cause).toMatchObject({ type: "payout", payout_id: id, state: "CANCELED" });
  });

  it("issues a Seven Bank ATM code with its confirmation number and expiry", async () => {
    const m = await seller(5000);
    const made = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "seven", amount: 2000 },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ method: "seven", amount: 2000, fee: 300, state: "ISSUED" });
    expect(made.json.atm.code).toMatch(/^\d{10}$/);
    expect(made.json.atm.confirmation).toMatch(/^\d{4}$/);
    expect(new Date(made.json.atm.expires_at).getTime()).toBeGreaterThan(Date.now());
    const shown = await call("GET", `/me/balance/payouts/${made.json.id}`, { token: m.token });
    expect(shown.json.atm).toEqual(made.json.atm);
    expect(await proceedsOf(m.id)).toBe(2700);
    const cancelled = await call("POST", `/me/balance/payouts/${made.json.id}/cancel`, { token: m.token });
    expect(cancelled.json).toMatchObject({ state: "CANCELED", atm: null });
    expect(await proceedsOf(m.id)).toBe(5000);
  });

  it("refuses bad payouts with a JSON 4xx and moves nothing", async () => {
    const m = await seller(5000);
    const post = (body: unknown, k: string | null = key()) =>
      call("POST", "/me/balance/payouts", { token: m.token, body, ...(k ? { key: k } : {}) });
    const missing = await post({ method: "bank", amount: 1000 }, null);
    expectError(missing, 422, "VALIDATION", ["idempotency_key"]);
    expect(missing.json.error.fields.idempotency_key).toBe("Idempotency-Key ヘッダーを付けてください");
    expectError(await post({ method: "bank", amount: 1000 }, "short"), 422, "VALIDATION", [
      "idempotency_key",
    ]);
    expectError(await post({ method: "bank", amount: 1000 }, "has space!"), 422, "VALIDATION", [
      "idempotency_key",
    ]);
    expectError(await post({ method: "bank", amount: 0 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "bank", amount: -5 }), 422, "VALIDATION", ["amount"]);
    // Not above the fee: nothing would arrive.
    expectError(await post({ method: "bank", amount: 250 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "seven", amount: 300 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "seven", amount: 1500 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "bank", amount: 2_000_000 }), 422, "VALIDATION", ["amount"]);
    expectError(await post({ method: "paypal", amount: 1000 }), 422, "VALIDATION", ["method"]);
    expectError(await post({ method: "bank", amount: "1000" }), 422, "VALIDATION", ["amount"]);
    // More than the proceeds (the fee counts).
    const tooMuch = await post({ method: "bank", amount: 4800 });
    expectError(tooMuch, 409, "CONFLICT");
    expectError(await post({ method: "kyash", amount: 1000 }), 409, "CONFLICT");
    expectError(
      await call("POST", "/me/balance/payouts", { token: m.token, key: key(), raw: "{not json" }),
      400,
      "BAD_REQUEST",
    );
    expectError(
      await call("POST", "/me/balance/payouts", {
        token: m.token,
        key: key(),
        raw: '{"method":"bank\\u0000","amount":1000}',
      }),
      400,
      "BAD_REQUEST",
    );
    // No bank account registered.
    const noBank = await makeBuyer(server.ctx);
    await giveProceeds(noBank.id, 5000);
    expectError(
      await call("POST", "/me/balance/payouts", {
        token: await tokenFor(noBank),
        key: key(),
        body: { method: "bank", amount: 1000 },
      }),
      409,
      "CONFLICT",
    );
    expect(await proceedsOf(m.id)).toBe(5000);
    expect(await proceedsOf(noBank.id)).toBe(5000);
    expectError(await call("POST", "/me/balance/payouts", { key: key(), body: {} }), 401, "UNAUTHORIZED");
    expectError(await call("GET", "/me/balance/payouts/0", { token: m.token }), 404, "NOT_FOUND");
  });

  it("buys points with proceeds once per Idempotency-Key", async () => {
    const m = await seller(3000);
    const k = key();
    const first = await call("POST", "/me/balance/points", {
      token: m.token,
      key: k,
      body: { amount: 1200 },
    });
    expect(first.status).toBe(201);
    const entryId = (first.json as { entry_id: number }).entry_id;
    expect(first.json).toEqual({ amount: 1200, repeated: false, entry_id: expect.any(Number) });
    const again = await call("POST", "/me/balance/points", {
      token: m.token,
      key: k,
      body: { amount: 1200 },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ amount: 1200, repeated: true, entry_id: entryId });
    // Two long keys sharing their first 64 characters are two requests.
    const long = "x".repeat(64);
    for (const tail of ["-a", "-b"]) {
      const res = await call("POST", "/me/balance/points", {
        token: m.token,
        key: `${long}${tail}`,
        body: { amount: 100 },
      });
      expect(res.status).toBe(201);
    }
    const balance = await getBalance(server.ctx, { userId: m.id });
    expect(balance).toMatchObject({ proceeds: 1600, points: 1400 });
    expectError(
      await call("POST", "/me/balance/points", { token: m.token, body: { amount: 100 } }),
      422,
      "VALIDATION",
      ["idempotency_key"],
    );
    expectError(
      await call("POST", "/me/balance/points", { token: m.token, key: key(), body: { amount: 0 } }),
      422,
      "VALIDATION",
      ["amount"],
    );
    expectError(
      await call("POST", "/me/balance/points", { token: m.token, key: key(), body: { amount: 1601 } }),
      409,
      "CONFLICT",
    );
    expect(await proceedsOf(m.id)).toBe(1600);
  });

  it("links a Kyash account and pays out to it without a fee", async () => {
    const m = await seller(2000);
    expectError(await call("GET", "/me/balance/kyash", { token: m.token }), 404, "NOT_FOUND");
    expectError(
      await call("PUT", "/me/balance/kyash", {
        token: m.token,
        body: { account_id: SANDBOX_KYASH_ACCOUNTS.notFound },
      }),
      422,
      "VALIDATION",
      ["account_id"],
    );
    expectError(
      await call("PUT", "/me/balance/kyash", {
        token: m.token,
        body: { account_id: SANDBOX_KYASH_ACCOUNTS.closed },
      }),
      422,
      "VALIDATION",
      ["account_id"],
    );
    expectError(
      await call("PUT", "/me/balance/kyash", { token: m.token, body: { account_id: "" } }),
      422,
      "VALIDATION",
      ["account_id"],
    );
    const linked = await call("PUT", "/me/balance/kyash", {
      token: m.token,
      body: { account_id: SANDBOX_KYASH_ACCOUNTS.ok },
    });
    expect(linked.status).toBe(200);
    expect(linked.json.account_id).toBe(SANDBOX_KYASH_ACCOUNTS.ok);
    const shown = await call("GET", "/me/balance/kyash", { token: m.token });
    expect(shown.json).toEqual(linked.json);
    const paid = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "kyash", amount: 2000 },
    });
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ method: "kyash", amount: 2000, fee: 0, total: 2000 });
    expect(await proceedsOf(m.id)).toBe(0);
    expectError(
      await call("POST", `/me/balance/payouts/${paid.json.id}/cancel`, { token: m.token }),
      409,
      "CONFLICT",
    );
  });
});

describe("balance API for finance", () => {
  let finance: string;
  let finance2: string;
  let editor: string;
  let support: string;
  beforeAll(async () => {
    finance = await tokenFor(await makeOperator(server.ctx, ["finance"]));
    finance2 = await tokenFor(await makeOperator(server.ctx, ["finance"]));
    editor = await tokenFor(await makeOperator(server.ctx, ["editor"]));
    support = await tokenFor(await makeOperator(server.ctx, ["support"]));
  });

  it("refuses members and operators without the permission with 403 on every finance endpoint", async () => {
    const m = await seller(0);
    const calls: [string, string, unknown?][] = [
      ["GET", "/staff/payouts"],
      ["GET", "/staff/payouts/1"],
      ["POST", "/staff/payouts/1/approve"],
      ["POST", "/staff/payouts/1/reject", { reason: "x" }],
      ["POST", "/staff/payouts/1/return", { reason: "x" }],
      ["GET", "/staff/payout-runs"],
      ["POST", "/staff/payout-runs"],
      ["GET", "/staff/payout-runs/1/file"],
      ["POST", "/staff/payout-runs/1/sent"],
      ["POST", "/staff/payout-runs/1/discard"],
      ["POST", `/staff/members/${m.id}/free-points`, { points: 100, expires_in_days: 30, reason: "x" }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [m.token, editor, support]) {
        const res = await call(method, path, { token, ...(body ? { body } : {}) });
        expectError(res, 403, "FORBIDDEN");
      }
      expectError(await call(method, path, body ? { body } : {}), 401, "UNAUTHORIZED");
    }
  });

  it("lists payouts by state and method and shows one with its history", async () => {
    const m = await seller(20_000);
    const bank = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "bank", amount: 1000 },
    });
    const seven = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "seven", amount: 1000 },
    });
    const list = await call("GET", "/staff/payouts?method=seven&state=ISSUED", { token: finance });
    expect(list.status).toBe(200);
    expect(list.json.items.map((p: Json) => p.id)).toContain(seven.json.id);
    expect(list.json.items.every((p: Json) => p.method === "seven" && p.state === "ISSUED")).toBe(true);
    const page = await call("GET", "/staff/payouts?limit=1", { token: finance });
    expect(page.json.items).toHaveLength(1);
    expect(page.json.next_cursor).toMatch(/^\d+$/);
    expectError(await call("GET", "/staff/payouts?state=NOPE", { token: finance }), 422, "VALIDATION", [
      "state",
    ]);
    expectError(await call("GET", "/staff/payouts?before=abc", { token: finance }), 400, "BAD_REQUEST");
    const detail = await call("GET", `/staff/payouts/${bank.json.id}`, { token: finance });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: bank.json.id,
      state: "READY",
      member: { id: m.id },
      destination: { account_number_masked: "••••567" },
    });
    expect(detail.json.history[0]).toMatchObject({ from: null, to: "READY", actor_role: "member" });
    expectError(await call("GET", "/staff/payouts/99999999", { token: finance }), 404, "NOT_FOUND");
  });

  it("needs two different operators to approve a large payout; rejects another with a reason", async () => {
    const m = await seller(1_000_000);
    const big = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "seven", amount: 100_000 },
    });
    // ¥100,300 is below the threshold; a bank payout above it waits for approval.
    expect(big.json.state).toBe("ISSUED");
    const large = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "bank", amount: 400_000 },
    });
    expect(large.json.state).toBe("AWAITING_APPROVAL");
    const id = large.json.id;
    const once = await call("POST", `/staff/payouts/${id}/approve`, { token: finance });
    expect(once.status).toBe(200);
    expect(once.json).toMatchObject({ state: "AWAITING_APPROVAL", first_approver_id: expect.any(Number) });
    expectError(await call("POST", `/staff/payouts/${id}/approve`, { token: finance }), 409, "CONFLICT");
    const twice = await call("POST", `/staff/payouts/${id}/approve`, { token: finance2 });
    expect(twice.json.state).toBe("READY");
    expectError(
      await call("POST", `/staff/payouts/${id}/reject`, { token: finance, body: { reason: "遅い" } }),
      409,
      "CONFLICT",
    );

    const other = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "bank", amount: 350_000 },
    });
    expectError(
      await call("POST", `/staff/payouts/${other.json.id}/reject`, { token: finance, body: {} }),
      422,
      "VALIDATION",
      ["reason"],
    );
    expectError(
      await call("POST", `/staff/payouts/${other.json.id}/reject`, { token: finance, body: { reason: "" } }),
      422,
      "VALIDATION",
      ["reason"],
    );
    const before = await proceedsOf(m.id);
    const rejected = await call("POST", `/staff/payouts/${other.json.id}/reject`, {
      token: finance,
      body: { reason: "ご本人の確認が取れないため" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.state).toBe("REJECTED");
    expect(await proceedsOf(m.id)).toBe(before + 350_250);
    expectError(await call("POST", "/staff/payouts/99999999/approve", { token: finance }), 404, "NOT_FOUND");
    expectError(
      await call("POST", "/staff/payouts/99999999/reject", { token: finance, body: { reason: "x" } }),
      404,
      "NOT_FOUND",
    );
  });

  it("prepares a bank run, downloads its 全銀 file, marks it sent, records a return; discards another", async () => {
    const m = await seller(50_000);
    const payout = await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "bank", amount: 12_345 },
    });
    const run = await call("POST", "/staff/payout-runs", { token: finance });
    expect(run.status).toBe(201);
    expect(run.json).toMatchObject({ state: "PREPARED", sent_at: null });
    expect(run.json.count).toBeGreaterThanOrEqual(1);
    expect(run.json).not.toHaveProperty("file");
    expectError(
      await call("POST", `/me/balance/payouts/${payout.json.id}/cancel`, { token: m.token }),
      409,
      "CONFLICT",
    );
    // Nothing else is ready now.
    expectError(await call("POST", "/staff/payout-runs", { token: finance }), 409, "CONFLICT");

    const file = await fetch(`${server.url}/api/v1/staff/payout-runs/${run.json.id}/file`, {
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/plain; charset=Shift_JIS");
    expect(file.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="zengin-\\d{8}-${run.json.id}\\.txt"$`),
    );
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength % 122).toBe(0);
    const parsed = readZenginTransferFile(bytes);
    expect(parsed.count).toBe(run.json.count);
    expect(parsed.total).toBe(run.json.total);
    expect(parsed.transfers.find((x) => Number(x.reference) === payout.json.id)?.amount).toBe(12_345);
    expectError(await call("GET", "/staff/payout-runs/99999999/file", { token: finance }), 404, "NOT_FOUND");

    const runs = await call("GET", "/staff/payout-runs", { token: finance });
    expect(runs.json.items[0]).toMatchObject({ id: run.json.id, state: "PREPARED" });

    // A return is only for a transfer the bank has.
    expectError(
      await call("POST", `/staff/payouts/${payout.json.id}/return`, {
        token: finance,
        body: { reason: "口座なし" },
      }),
      409,
      "CONFLICT",
    );
    const sent = await call("POST", `/staff/payout-runs/${run.json.id}/sent`, { token: finance });
    expect(sent.status).toBe(200);
    expect(sent.json.state).toBe("SENT");
    expectError(
      await call("POST", `/staff/payout-runs/${run.json.id}/sent`, { token: finance }),
      409,
      "CONFLICT",
    );
    expectError(
      await call("POST", `/staff/payout-runs/${run.json.id}/discard`, { token: finance }),
      409,
      "CONFLICT",
    );
    expectError(await call("POST", "/staff/payout-runs/99999999/sent", { token: finance }), 404, "NOT_FOUND");

    const before = await proceedsOf(m.id);
    expectError(
      await call("POST", `/staff/payouts/${payout.json.id}/return`, { token: finance, body: {} }),
      422,
      "VALIDATION",
      ["reason"],
    );
    const returned = await call("POST", `/staff/payouts/${payout.json.id}/return`, {
      token: finance,
      body: { reason: "口座番号相違のため振込不能" },
    });
    expect(returned.status).toBe(200);
    expect(returned.json).toMatchObject({ state: "FAILED", failure_reason: "口座番号相違のため振込不能" });
    expect(await proceedsOf(m.id)).toBe(before + 12_595);
    expectError(
      await call("POST", "/staff/payouts/99999999/return", { token: finance, body: { reason: "x" } }),
      404,
      "NOT_FOUND",
    );

    await call("POST", "/me/balance/payouts", {
      token: m.token,
      key: key(),
      body: { method: "bank", amount: 1000 },
    });
    const second = await call("POST", "/staff/payout-runs", { token: finance });
    const discarded = await call("POST", `/staff/payout-runs/${second.json.id}/discard`, { token: finance });
    expect(discarded.status).toBe(200);
    expect(discarded.json.state).toBe("DISCARDED");
  });

  it("grants free points once per key; refuses bad grants and unknown members", async () => {
    const m = await seller(0);
    const path = `/staff/members/${m.id}/free-points`;
    const body = { points: 500, expires_in_days: 30, reason: "お詫び" };
    const k = key();
    const granted = await call("POST", path, { token: finance, key: k, body });
    expect(granted.status).toBe(201);
    expect(granted.json.lot_id).toEqual(expect.any(Number));
    const again = await call("POST", path, { token: finance, key: k, body });
    expect(again.status).toBe(200);
    expect(again.json.lot_id).toBeNull();
    expect((await getBalance(server.ctx, { userId: m.id })).free_points).toBe(500);
    const summary = await call("GET", "/me/balance", { token: m.token });
    expect(summary.json.summary.free_points).toBe(500);
    expect(summary.json.summary.next_free_points_expiry.amount).toBe(500);

    expectError(
      await call("POST", path, { token: finance, body: { ...body, points: 0 } }),
      422,
      "VALIDATION",
      ["points"],
    );
    expectError(
      await call("POST", path, { token: finance, body: { ...body, expires_in_days: 181 } }),
      422,
      "VALIDATION",
      ["expires_in_days"],
    );
    expectError(
      await call("POST", path, { token: finance, body: { ...body, reason: "" } }),
      422,
      "VALIDATION",
      ["reason"],
    );
    expectError(await call("POST", path, { token: finance, key: "bad key", body }), 422, "VALIDATION", [
      "idempotency_key",
    ]);
    expectError(
      await call("POST", "/staff/members/99999999/free-points", { token: finance, body }),
      404,
      "NOT_FOUND",
    );
    const operator = await makeOperator(server.ctx, ["support"]);
    expectError(
      await call("POST", `/staff/members/${operator.id}/free-points`, { token: finance, body }),
      404,
      "NOT_FOUND",
    );
    expect((await getBalance(server.ctx, { userId: m.id })).free_points).toBe(500);
  });
});

describe("OpenAPI", () => {
  it("documents every balance and finance endpoint, the Idempotency-Key header and the permissions", async () => {
    const doc = (await call("GET", "/openapi.json")).json;
    for (const [path, method] of [
      ["/me/balance", "get"],
      ["/me/balance/history", "get"],
      ["/me/balance/top-ups", "post"],
      ["/me/balance/top-ups/{id}", "get"],
      ["/me/balance/top-ups/{id}/cancel", "post"],
      ["/me/balance/payouts", "post"],
      ["/me/balance/payouts/{id}", "get"],
      ["/me/balance/payouts/{id}/cancel", "post"],
      ["/me/balance/points", "post"],
      ["/me/balance/kyash", "get"],
      ["/me/balance/kyash", "put"],
      ["/staff/payouts", "get"],
      ["/staff/payouts/{id}", "get"],
      ["/staff/payouts/{id}/approve", "post"],
      ["/staff/payouts/{id}/reject", "post"],
      ["/staff/payouts/{id}/return", "post"],
      ["/staff/payout-runs", "get"],
      ["/staff/payout-runs", "post"],
      ["/staff/payout-runs/{id}/file", "get"],
      ["/staff/payout-runs/{id}/sent", "post"],
      ["/staff/payout-runs/{id}/discard", "post"],
      ["/staff/members/{id}/free-points", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    for (const path of ["/me/balance/payouts", "/me/balance/points"]) {
      const op = doc.paths[path].post;
      expect(op.parameters).toContainEqual(
        expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true }),
      );
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "201", "401", "409", "422"]));
    }
    const payout = doc.paths["/me/balance/payouts"].post;
    expect(payout.requestBody.content["application/json"].schema.required).toEqual(["method", "amount"]);
    expect(payout.responses["201"].content["application/json"].schema.properties).toHaveProperty("atm");
    expect(
      doc.paths["/me/balance"].get.responses["200"].content["application/json"].schema.properties.summary,
    ).toBeDefined();
    expect(doc.paths["/staff/payouts/{id}/approve"].post.description).toContain("payouts:approve");
    expect(doc.paths["/staff/payout-runs"].post.description).toContain("payouts:run");
    expect(doc.paths["/staff/members/{id}/free-points"].post.description).toContain("points:grant");
    expect(doc.paths["/staff/payout-runs/{id}/file"].get.responses["403"]).toBeDefined();
  });
});
