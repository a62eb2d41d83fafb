import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, topUps } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cancelTopUp } from "./cancel-top-up.ts";
import { findPendingVoucher } from "./find-pending-voucher.ts";
import { getTopUp, getVoucherTopUp } from "./get-top-up.ts";
import { resentVoucher } from "./resent-voucher.ts";
import { startVoucherTopUp } from "./start-voucher-top-up.ts";

describe.each(ENGINES)("a member's voucher top-ups on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  async function member() {
    const m = await makeMember(t.ctx);
    await t.ctx.db.insert(addresses).values({
      userId: m.id,
      familyName: "山田",
      givenName: "太郎",
      familyNameKana: "ヤマダ",
      givenNameKana: "タロウ",
      postalCode: "1010041",
      prefectureCode: "13",
      city: "千代田区",
      street: "1-1",
      building: "",
      phone: "09011112222",
    });
    return m;
  }

  it("shows a member their own voucher, its codes and deadline, and nobody else", async () => {
    const m = await member();
    const other = await member();
    expect(await findPendingVoucher(t.ctx, m.id)).toBeNull();
    const row = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10001", amount: "2500" },
    });
    const view = await getVoucherTopUp(t.ctx, { userId: m.id, topUpId: row.id });
    expect(view).toMatchObject({
      id: row.id,
      method: "cvs",
      store: "10001",
      amount: 2500,
      state: "PENDING",
      issued: true,
      deadline: row.deadline,
      codes: { paymentCode: expect.stringMatching(/^\d{6}$/), confirmationNumber: "09011112222" },
    });
    expect(view.codes.instructionsUrl).toContain(`/sandbox/vouchers/${row.providerPaymentId}/`);
    expect(view).not.toHaveProperty("providerPaymentId");
    expect(await findPendingVoucher(t.ctx, m.id)).toEqual(view);
    expect(await getTopUp(t.ctx, { userId: m.id, topUpId: row.id })).toEqual(view);
    expect((await failure(getVoucherTopUp(t.ctx, { userId: other.id, topUpId: row.id }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(getTopUp(t.ctx, { userId: other.id, topUpId: row.id }))).code).toBe("NOT_FOUND");
    expect((await failure(getVoucherTopUp(t.ctx, { userId: m.id, topUpId: row.id + 1000 }))).code).toBe(
      "NOT_FOUND",
    );
    await cancelTopUp(t.ctx, { userId: m.id, topUpId: row.id });
    expect(await findPendingVoucher(t.ctx, m.id)).toBeNull();
    expect((await getVoucherTopUp(t.ctx, { userId: m.id, topUpId: row.id })).state).toBe("CANCELED");
  });

  it("never shows a card top-up as a voucher", async () => {
    const m = await member();
    const now = t.clock.now();
    const [card] = await t.ctx.db
      .insert(topUps)
      .values({
        userId: m.id,
        method: "card",
        amount: 1000,
        state: "PENDING",
        provider: "sandbox",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    expect((await failure(getVoucherTopUp(t.ctx, { userId: m.id, topUpId: card!.id }))).code).toBe(
      "NOT_FOUND",
    );
    // As a top-up of any kind (the API), it is there, with no codes to pay.
    expect(await getTopUp(t.ctx, { userId: m.id, topUpId: card!.id })).toMatchObject({
      id: card!.id,
      method: "card",
      amount: 1000,
      codes: {},
    });
    expect(await findPendingVoucher(t.ctx, m.id)).toBeNull();
  });

  it("knows a 確定 sent twice (same order, moments apart) from a new order", async () => {
    const m = await member();
    const row = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "payeasy",
      input: { amount: "7000" },
    });
    const again = { userId: m.id, method: "payeasy" as const, input: { amount: "７,０００" } };
    expect((await resentVoucher(t.ctx, again))?.id).toBe(row.id);
    expect(await resentVoucher(t.ctx, { ...again, input: { amount: "7001" } })).toBeNull();
    expect(
      await resentVoucher(t.ctx, { ...again, method: "cvs", input: { store: "10001", amount: "7000" } }),
    ).toBeNull();
    t.clock.advance(3 * 60 * 1000);
    expect(await resentVoucher(t.ctx, again)).toBeNull();
  });
});
