import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  deviceModels,
  sandboxRecords,
  stateHistory,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { applyForBuyback } from "./apply.ts";
import { cancelBuyback } from "./cancel-buyback.ts";
import { changeBuybackAddress } from "./change-buyback-address.ts";
import type { TBuybackDevice } from "./device-fields.ts";
import { estimateBuyback } from "./estimate.ts";
import { memberBuybackHome } from "./get-buyback-home.ts";
import { getMemberBuyback } from "./get-member-buyback.ts";
import { listMemberBuybacks } from "./list-member-buybacks.ts";
import { markBuybackShipped } from "./ship-buyback.ts";

const GOOD_ANSWERS = {
  power: "yes",
  screen: "ok",
  battery: "ok",
  camera: "ok",
  sensor: "ok",
  network: "○",
  appearance: "used",
} as const;

describe.each(ENGINES)("the member's buyback on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let console_: number;
  let company: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-24T01:00:00Z");
    const models = await t.ctx.db
      .insert(deviceModels)
      .values([
        { brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128, 256] },
        { brandCode: "00002", categoryCode: "08", name: "PlayStation 5", storageOptions: [] },
      ])
      .returning({ id: deviceModels.id });
    phone = models[0]!.id;
    console_ = models[1]!.id;
    const [c] = await t.ctx.db.insert(buybackCompanies).values({ name: "買取A株式会社" }).returning();
    company = c!.id;
    await t.ctx.db.insert(buybackBids).values([
      { companyId: company, modelId: phone, grade: "B", ngCondition: "none", price: 40_000, enabled: true },
      { companyId: company, modelId: phone, grade: "J", ngCondition: "screen", price: 12_000, enabled: true },
    ]);
  });
  afterAll(() => t.close());

  async function member(withAddress = true): Promise<SessionUser> {
    const m = await makeMember(t.ctx);
    if (withAddress) {
      await t.ctx.db.insert(addresses).values({
        userId: m.id,
        familyName: "山田",
        givenName: "花子",
        familyNameKana: "ヤマダ",
        givenNameKana: "ハナコ",
        postalCode: "1500001",
        prefectureCode: "13",
        city: "渋谷区",
        street: "神宮前1-2-3",
        phone: "09012345678",
      });
    }
    return m;
  }

  function device(more: Partial<TBuybackDevice> = {}): TBuybackDevice {
    serial += 1;
    return {
      categoryCode: "05",
      modelId: String(phone),
      storageGb: "128",
      imei: imeiFrom(`35${String(100000000000 + serial).slice(-12)}`),
      answers: { ...GOOD_ANSWERS },
      ...more,
    };
  }

  const CONFIRMED = { activationLock: "on", dataErased: "on", adult: "on" };

  it("estimates from live bids: the bid, each deduction, the amount; no bid says no price", async () => {
    const fine = await estimateBuyback(t.ctx, device({ answers: { ...GOOD_ANSWERS, network: "△" } }));
    expect(fine.estimate).toMatchObject({
      grade: "B",
      ngCondition: "none",
      offer: { bid: 40_000, deductions: [{ code: "network_pending", amount: 4000 }], amount: 36_000 },
    });
    const cracked = await estimateBuyback(
      t.ctx,
      device({ answers: { ...GOOD_ANSWERS, screen: "cracked", battery: "weak" } }),
    );
    expect(cracked.estimate).toMatchObject({
      grade: "J",
      ngConditions: ["screen", "battery"],
      offer: { bid: 12_000, deductions: [{ code: "extra_defect:battery", amount: 1200 }], amount: 10_800 },
    });
    const unused = await estimateBuyback(
      t.ctx,
      device({ answers: { ...GOOD_ANSWERS, appearance: "unused" } }),
    );
    expect(unused.estimate).toMatchObject({ grade: "S", offer: null });
    // A console is asked only what applies to it, and has no network restriction.
    const ps5 = await estimateBuyback(t.ctx, {
      categoryCode: "08",
      modelId: console_,
      answers: { power: "yes", screen: "ok", battery: "ok", sensor: "ok", appearance: "used" },
    });
    expect(ps5.device).toMatchObject({ storageGb: null, answers: { power: "yes", appearance: "used" } });
    expect(ps5.device.answers).not.toHaveProperty("network");
  });

  it("refuses a device the catalogue does not know, a storage the model never had and a missing answer", async () => {
    const wrong = await failure(
      estimateBuyback(t.ctx, { categoryCode: "08", modelId: phone, storageGb: "64", answers: {} }),
    );
    expect(wrong.code).toBe("VALIDATION");
    expect(Object.keys(wrong.fields).sort()).toEqual(
      [
        "answers.appearance",
        "answers.battery",
        "answers.power",
        "answers.screen",
        "answers.sensor",
        "modelId",
      ].sort(),
    );
    const storage = await failure(estimateBuyback(t.ctx, device({ storageGb: "64" })));
    expect(said(storage).fields.storageGb?.ja).toBe("この機種の容量から選んでください");
    const unknown = await failure(estimateBuyback(t.ctx, device({ modelId: "999999" })));
    expect(said(unknown).fields.modelId?.en).toBe(
      "This model cannot be chosen. Please choose one from the list",
    );
  });

  it("applies with two devices: one application, two devices in state 10 with their estimates, a kit invoice", async () => {
    const m = await member();
    const spaced = imeiFrom("35391110123456").replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, "$1 $2 $3 $4");
    const applied = await applyForBuyback(t.ctx, {
      actor: m,
      requestKey: "req-two-devices",
      devices: [device({ imei: spaced }), device({ answers: { ...GOOD_ANSWERS, screen: "cracked" } })],
      shipping: { method: "kit" },
      confirmations: CONFIRMED,
    });
    expect(applied).toMatchObject({ created: true });
    expect(applied.itemIds).toHaveLength(2);
    const items = await t.ctx.db
      .select()
      .from(buybackItems)
      .where(eq(buybackItems.applicationId, applied.applicationId))
      .orderBy(buybackItems.id);
    expect(items.map((i) => i.state)).toEqual(["10", "10"]);
    expect(items[0]?.imei).toBe(imeiFrom("35391110123456"));
    expect(items[0]?.estimate).toMatchObject({ grade: "B", offer: { amount: 40_000 } });
    expect(items[1]?.estimate).toMatchObject({ grade: "J", offer: { amount: 12_000 } });
    const [application] = await t.ctx.db
      .select()
      .from(buybackApplications)
      .where(eq(buybackApplications.id, applied.applicationId));
    expect(application).toMatchObject({
      shippingMethod: "kit",
      address: { familyName: "山田", city: "渋谷区" },
    });
    expect(application?.inboundInvoiceNumber).toMatch(/^\d{12}$/);
    const [invoice] = await t.ctx.db
      .select()
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.provider, "courier"),
          eq(sandboxRecords.reference, `buyback-kit-${applied.applicationId}`),
        ),
      );
    expect(invoice?.data).toMatchObject({ request: { shippingType: "01", parcelSize: 60, pickup: null } });
    const history = await t.ctx.db.select().from(stateHistory).where(eq(stateHistory.rowId, items[0]!.id));
    expect(history).toContainEqual(
      expect.objectContaining({
        machine: "buyback_item",
        fromState: null,
        toState: "10",
        actorRole: "member",
      }),
    );

    // The same request key again (a double submit) answers the first application.
    const again = await applyForBuyback(t.ctx, {
      actor: m,
      requestKey: "req-two-devices",
      devices: [device()],
      shipping: { method: "kit" },
      confirmations: CONFIRMED,
    });
    expect(again).toEqual({ ...applied, created: false });
    const all = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.userId, m.id));
    expect(all).toHaveLength(2);
  });

  it("books a pickup with the courier's rules: a date not past, a slot still open today", async () => {
    const m = await member();
    // 10:00 in Tokyo: the morning slot (until 10) is closed for today, the afternoon is open.
    const late = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-pickup-late",
        devices: [device()],
        shipping: { method: "pickup", pickupDate: "2026-11-24", pickupSlot: "07" },
        confirmations: CONFIRMED,
      }),
    );
    expect(Object.keys(late.fields)).toEqual(["pickupSlot"]);
    const missing = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-pickup-none",
        devices: [device()],
        shipping: { method: "pickup" },
        confirmations: CONFIRMED,
      }),
    );
    expect(Object.keys(missing.fields).sort()).toEqual(["pickupDate", "pickupSlot"]);
    const booked = await applyForBuyback(t.ctx, {
      actor: m,
      requestKey: "req-pickup-ok",
      devices: [device()],
      shipping: { method: "pickup", pickupDate: "2026-11-24", pickupSlot: "08" },
      confirmations: CONFIRMED,
    });
    const [invoice] = await t.ctx.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.reference, `buyback-kit-${booked.applicationId}`));
    expect(invoice?.data).toMatchObject({
      request: { shippingType: "00", pickup: { date: "2026-11-24", slot: "08" } },
    });
  });

  it("refuses bad applications with every message at once and changes nothing", async () => {
    const m = await member(false);
    const before = await t.ctx.db.select().from(buybackApplications);
    const bad = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-bad-one",
        devices: [device({ imei: "351234567890123" }), device({ imei: "" })],
        shipping: { method: "kit" },
        confirmations: { activationLock: "on" },
      }),
    );
    expect(said(bad).fields).toMatchObject({
      "devices.0.imei": { ja: "IMEIを正しく入力してください" },
      "devices.1.imei": { ja: "スマートフォンはIMEIを入力してください" },
      dataErased: { en: "Please back up and reset the device before you apply" },
      adult: { ja: "18歳未満の方からは買取できません" },
      address: { ja: "住所を登録してください" },
    });
    const twin = device();
    const same = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-bad-two",
        devices: [twin, { ...twin }],
        shipping: { method: "kit" },
        confirmations: CONFIRMED,
      }),
    );
    expect(same.fields["devices.1.imei"]).toBeDefined();
    const eleven = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-bad-three",
        devices: Array.from({ length: 11 }, () => device()),
        shipping: { method: "kit" },
        confirmations: CONFIRMED,
      }),
    );
    expect(said(eleven).fields.devices?.ja).toBe("1回のお申込みで送れる端末は10台までです");
    const none = await failure(
      applyForBuyback(t.ctx, {
        actor: m,
        requestKey: "req-bad-four",
        devices: [],
        shipping: { method: "kit" },
        confirmations: CONFIRMED,
      }),
    );
    expect(none.fields.devices).toBeDefined();
    const operator = await makeOperator(t.ctx, ["grader"]);
    const staff = await failure(
      applyForBuyback(t.ctx, {
        actor: operator,
        requestKey: "req-bad-five",
        devices: [device()],
        shipping: { method: "kit" },
        confirmations: CONFIRMED,
      }),
    );
    expect(staff.code).toBe("FORBIDDEN");
    expect(await t.ctx.db.select().from(buybackApplications)).toHaveLength(before.length);
  });

  async function applied(m: SessionUser, key: string, count = 2) {
    return applyForBuyback(t.ctx, {
      actor: m,
      requestKey: key,
      devices: Array.from({ length: count }, () => device()),
      shipping: { method: "kit" },
      confirmations: CONFIRMED,
    });
  }

  it("ships the whole parcel (10 → 20), a cancelled device stays ended; the machine refuses steps out of order", async () => {
    const m = await member();
    const { itemIds } = await applied(m, "req-ship-one", 3);
    const [first, second, third] = itemIds as [number, number, number];
    await cancelBuyback(t.ctx, { actor: m, itemId: third });
    const shipped = await markBuybackShipped(t.ctx, { actor: m, itemId: first });
    expect(shipped.itemIds).toEqual([first, second]);
    const states = await t.ctx.db
      .select({ id: buybackItems.id, state: buybackItems.state, endReason: buybackItems.endReason })
      .from(buybackItems)
      .where(eq(buybackItems.userId, m.id))
      .orderBy(buybackItems.id);
    expect(states).toEqual([
      { id: first, state: "20", endReason: null },
      { id: second, state: "20", endReason: null },
      { id: third, state: "60", endReason: "canceled_by_member" },
    ]);
    const twice = await failure(markBuybackShipped(t.ctx, { actor: m, itemId: first }));
    expect(twice.code).toBe("CONFLICT");
    const late = await failure(cancelBuyback(t.ctx, { actor: m, itemId: second }));
    expect(late.code).toBe("CONFLICT");
    const again = await failure(cancelBuyback(t.ctx, { actor: m, itemId: third }));
    expect(said(again).message.ja).toBe("この買取はすでに終了しています");
  });

  it("hides another member's device behind a 404 and lets nobody else act on it", async () => {
    const owner = await member();
    const other = await member();
    const { itemIds } = await applied(owner, "req-foreign", 1);
    const id = itemIds[0]!;
    // One at a time: each is awaited as it starts, so no refusal goes unheard.
    for (const attempt of [
      () => getMemberBuyback(t.ctx, { userId: other.id, itemId: id }),
      () => markBuybackShipped(t.ctx, { actor: other, itemId: id }),
      () => cancelBuyback(t.ctx, { actor: other, itemId: id }),
      () => changeBuybackAddress(t.ctx, { actor: other, itemId: id, source: "book" }),
    ]) {
      expect((await failure(attempt())).code).toBe("NOT_FOUND");
    }
    const [row] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, id));
    expect(row?.state).toBe("10");
  });

  it("changes the address snapshot in states 10 and 40 only, from the book or typed", async () => {
    const m = await member();
    const { itemIds, applicationId } = await applied(m, "req-address", 1);
    const id = itemIds[0]!;
    const bad = await failure(
      changeBuybackAddress(t.ctx, { actor: m, itemId: id, source: "new", input: { familyName: "佐藤" } }),
    );
    expect(bad.code).toBe("VALIDATION");
    expect(bad.fields.postalCode).toBeDefined();
    await changeBuybackAddress(t.ctx, {
      actor: m,
      itemId: id,
      source: "new",
      input: {
        familyName: "佐藤",
        givenName: "次郎",
        familyNameKana: "サトウ",
        givenNameKana: "ジロウ",
        postalCode: "530-0001",
        prefectureCode: "27",
        city: "大阪市北区",
        street: "梅田1-1",
        building: "",
        phone: "0612345678",
      },
    });
    const [moved] = await t.ctx.db
      .select({ address: buybackApplications.address })
      .from(buybackApplications)
      .where(eq(buybackApplications.id, applicationId));
    expect(moved?.address).toMatchObject({ familyName: "佐藤", postalCode: "5300001", prefectureCode: "27" });
    await changeBuybackAddress(t.ctx, { actor: m, itemId: id, source: "book" });
    const [back] = await t.ctx.db
      .select({ address: buybackApplications.address })
      .from(buybackApplications)
      .where(eq(buybackApplications.id, applicationId));
    expect(back?.address).toMatchObject({ familyName: "山田" });
    await markBuybackShipped(t.ctx, { actor: m, itemId: id });
    const locked = await failure(changeBuybackAddress(t.ctx, { actor: m, itemId: id, source: "book" }));
    expect(said(locked).message.en).toBe("The address cannot be changed at this stage");
  });

  it("shows the home (offers first, then in progress, then done), the paged list and one device with its offer", async () => {
    const m = await member();
    const { itemIds } = await applied(m, "req-views", 3);
    const [a, b, c] = itemIds as [number, number, number];
    await cancelBuyback(t.ctx, { actor: m, itemId: c });
    // Graded and offered, as the grading does it (its own use case): state 40 with the offer.
    await t.ctx.db
      .update(buybackItems)
      .set({
        state: "40",
        grade: "B",
        ngConditions: [],
        diagnostics: { imei: { value: "353911101234560" }, serialNumber: { na: "シリアル番号の表示なし" } },
        offerCompanyId: company,
        offerBid: 40_000,
        offerDeductions: [{ code: "network_pending", amount: 4000 }],
        offerAmount: 36_000,
        offeredAt: t.clock.now(),
        offerExpiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000),
      })
      .where(eq(buybackItems.id, a));
    await t.ctx.db
      .update(buybackItems)
      .set({ state: "50", offerAmount: 20_000 })
      .where(eq(buybackItems.id, b));
    const home = await memberBuybackHome(t.ctx, m.id);
    expect(home.needsAnswer.map((r) => r.id)).toEqual([a]);
    expect(home.inProgress).toEqual([]);
    expect(home.done.map((r) => r.id).sort()).toEqual([b, c].sort());
    expect(home.totals).toEqual({ bought: 1, amount: 20_000 });
    expect(home.needsAnswer[0]).toMatchObject({
      modelName: "iPhone 13",
      estimateAmount: 40_000,
      offerAmount: 36_000,
    });

    const page = await listMemberBuybacks(t.ctx, { userId: m.id, page: 9 });
    expect(page).toMatchObject({ page: 1, pages: 1, total: 3 });
    expect(page.rows.map((r) => r.id)).toEqual([c, b, a]);

    const view = await getMemberBuyback(t.ctx, { userId: m.id, itemId: a });
    expect(view).toMatchObject({
      state: "40",
      grading: { grade: "B" },
      offer: { bid: 40_000, amount: 36_000, deductions: [{ code: "network_pending", amount: 4000 }] },
      actions: ["accept", "decline", "address"],
    });
    expect(view.imei).toMatch(/^\d{8}•+\d{2}$/);
    expect(view.grading?.diagnostics).toHaveLength(22);
    expect(view.grading?.diagnostics[1]).toEqual({
      key: "serialNumber",
      kind: "text",
      value: null,
      na: "シリアル番号の表示なし",
    });
    // Nothing in the view names the company whose bid made the offer.
    expect(JSON.stringify(view)).not.toContain("買取A株式会社");
    expect(JSON.stringify(view)).not.toContain(`"offerCompanyId"`);
    const ended = await getMemberBuyback(t.ctx, { userId: m.id, itemId: c });
    expect(ended).toMatchObject({ state: "60", endReason: "canceled_by_member", actions: [] });
    expect(ended.history.map((h) => h.state)).toEqual(["10", "60"]);
  });
});
