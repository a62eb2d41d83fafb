import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import {
  auditLog,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackGradings,
  buybackItemPhotos,
  buybackItems,
  deviceModels,
  items,
  notifications,
  reports,
} from "#db/schema/index.ts";
import { fullDiagnostics, makeBuybackApplication, placeBid } from "#tests/helpers/buyback-grading.ts";
import { jpeg, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { queueSummaries } from "../staff/queues.ts";
import { addBuybackPhotos } from "./add-buyback-photos.ts";
import { getGrading } from "./get-grading.ts";
import { gradeDevice } from "./grade-device.ts";
import { gradingSchema } from "./grading-input.ts";
import { listGradingQueue } from "./list-grading-queue.ts";
import { receiveShipment } from "./receive-shipment.ts";
import { refuseDevice } from "./refuse-device.ts";
import { removeBuybackPhoto } from "./remove-buyback-photo.ts";
import { requestUnlock } from "./request-unlock.ts";

const DAY_MS = 24 * 3600 * 1000;
/** An IMEI no other test uses. */
const STOLEN_IMEI = "352822110000008";

describe("the grading form's schema (pure)", () => {
  const schema = gradingSchema("2026-11-22");
  const issues = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(
          r.error.issues.map((i) => [i.path.join("."), "params" in i ? i.params : undefined]),
        );
  };

  it("keeps every field as a value or not applicable with its reason; an outside grade from NSYS", () => {
    const r = schema.parse({
      grade: "B",
      ngConditions: ["battery", "screen", "battery"],
      diagnostics: fullDiagnostics({
        batteryMaxCapacity: { value: "７９%" },
        nsysGrade: { value: "B+" },
        note: { value: "  " },
      }),
    });
    expect(r.ngConditions).toEqual(["screen", "battery"]);
    expect(r.diagnostics.batteryMaxCapacity).toEqual({ value: "79" });
    expect(r.diagnostics.note).toEqual({ value: "" });
    expect(r.externalGrade).toEqual({ scale: "NSYS", value: "B+" });
    expect(
      schema.parse({
        grade: "A",
        diagnostics: fullDiagnostics({ serialNumber: { na: "刻印が読めない" } }),
      }).diagnostics.serialNumber,
    ).toEqual({ na: "刻印が読めない" });
  });

  it("says what is wrong with each field at once: empty, not applicable without a reason, bad IMEI, future date; an optional field may stay empty", () => {
    const found = issues({
      grade: "J",
      ngConditions: [],
      diagnostics: fullDiagnostics({
        modelName: { value: "" },
        serialNumber: { value: "" },
        osVersion: { na: true, reason: " " },
        imei: { value: "356938035643808" },
        testDate: { value: "2026-11-23" },
        batteryMaxCapacity: { value: "101" },
        carrier: { value: "docomo2" },
      }),
    });
    expect(Object.keys(found).sort()).toEqual([
      "diagnostics.batteryMaxCapacity",
      "diagnostics.carrier",
      "diagnostics.imei",
      "diagnostics.modelName",
      "diagnostics.osVersion",
      "diagnostics.testDate",
      "ngConditions",
    ]);
    expect(found["diagnostics.osVersion"]).toMatchObject({
      message: { key: "buybackOffice.grading.errors.naReason" },
    });
    expect(found.ngConditions).toMatchObject({
      message: { key: "buybackOffice.grading.errors.junkNeedsNg" },
    });
  });

  it("needs the defects the diagnostics prove: no power, a blocked device, a worn battery", () => {
    const ng = (over: Record<string, unknown>, ngConditions: string[] = []) =>
      issues({ grade: "J", ngConditions, diagnostics: fullDiagnostics(over) }).ngConditions;
    expect(ng({ power: { value: "off" } }, ["screen"])).toMatchObject({
      message: { key: "buybackOffice.grading.errors.ngNoPower" },
    });
    expect(ng({ networkRestriction: { value: "×" } }, ["screen"])).toMatchObject({
      message: { key: "buybackOffice.grading.errors.ngNetworkBlocked" },
    });
    expect(ng({ batteryMaxCapacity: { value: "79" } }, ["screen"])).toMatchObject({
      message: { key: "buybackOffice.grading.errors.ngBattery" },
    });
    expect(ng({ batteryMaxCapacity: { value: "79" } }, ["battery"])).toBeUndefined();
  });

  it("refuses an unused grade with defects, and a missing grade", () => {
    expect(issues({ grade: "S", ngConditions: ["camera"], diagnostics: fullDiagnostics() })).toHaveProperty(
      "ngConditions",
    );
    expect(issues({ diagnostics: fullDiagnostics() })).toHaveProperty("grade");
  });
});

describe.each(ENGINES)("grading buyback devices on %s", (engine) => {
  let t: TestCore;
  let modelId: number;
  let companies: [number, number];
  let grader: SessionUser;
  let member: SessionUser;

  beforeAll(async () => {
    t = await createTestCore(engine);
    const [model] = await t.ctx.db
      .insert(deviceModels)
      .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128] })
      .returning({ id: deviceModels.id });
    modelId = model!.id;
    const rows = await t.ctx.db
      .insert(buybackCompanies)
      .values([{ name: "株式会社リユースモバイル" }, { name: "合同会社スマホリンク" }])
      .returning({ id: buybackCompanies.id });
    companies = [rows[0]!.id, rows[1]!.id];
    grader = await makeOperator(t.ctx, ["grader"], { nickname: "査定 田中" });
    member = await makeMember(t.ctx, { nickname: "はなこ" });
  });
  afterAll(() => t.close());

  /** A device received into grading (30). */
  async function received(o: { imei?: string } = {}) {
    const app = await makeBuybackApplication(t.ctx, {
      userId: member.id,
      devices: [{ modelId, ...(o.imei ? { imei: o.imei } : {}) }],
      shipped: true,
    });
    await receiveShipment(t.ctx, { applicationId: app.applicationId, graderId: grader.id });
    return app.itemIds[0]!;
  }

  const item = async (id: number) =>
    (await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, id)))[0]!;
  const noticesOf = async (id: number) =>
    (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, member.id)))
      .map((n) => n.payload as { buybackItemId: number; event: string; amount?: number })
      .filter((p) => p.buybackItemId === id);

  it("receives a parcel: every device still to arrive goes into grading, the member is told, audited", async () => {
    const app = await makeBuybackApplication(t.ctx, {
      userId: member.id,
      devices: [{ modelId }, { modelId }],
    });
    // The member never said it left: the second device is still "waiting" (10), the first "on its way".
    await t.ctx.db.update(buybackItems).set({ state: "20" }).where(eq(buybackItems.id, app.itemIds[0]!));
    const out = await receiveShipment(t.ctx, {
      applicationId: app.applicationId,
      graderId: grader.id,
      meta: { requestId: "rcv-1" },
    });
    expect(out.received).toEqual(app.itemIds);
    for (const id of app.itemIds) {
      expect((await item(id)).state).toBe("30");
      expect((await noticesOf(id)).map((n) => n.event)).toEqual(["received"]);
    }
    const [application] = await t.ctx.db
      .select()
      .from(buybackApplications)
      .where(eq(buybackApplications.id, app.applicationId));
    expect(application!.receivedAt).toEqual(t.clock.now());
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "buyback:receive"), eq(auditLog.requestId, "rcv-1")));
    expect(entry).toMatchObject({ actorId: grader.id, targetId: String(app.applicationId) });
    // Nothing is left to receive.
    const again = await failure(
      receiveShipment(t.ctx, { applicationId: app.applicationId, graderId: grader.id }),
    );
    expect(again.code).toBe("CONFLICT");
    expect(said(again).message.ja).toBe("この申込に、受け取る端末はありません");
    // The dashboard's grading queue counts them.
    const queues = await queueSummaries(t.ctx, { actor: grader });
    expect(queues.map((q) => q.queue)).toEqual(["buyback"]);
    expect(queues[0]!.count).toBeGreaterThanOrEqual(2);
  });

  it("refuses diagnostics with an empty field or a not-applicable without a reason, and changes nothing", async () => {
    const id = await received();
    const error = await failure(
      gradeDevice(t.ctx, {
        itemId: id,
        graderId: grader.id,
        grade: "B",
        ngConditions: [],
        diagnostics: fullDiagnostics({ modelName: { value: "" }, osVersion: { na: true, reason: "" } }),
      }),
    );
    expect(error.code).toBe("VALIDATION");
    expect(said(error).fields).toEqual({
      "diagnostics.modelName": {
        ja: "モデル名を入力してください。確認できない場合は「該当なし」にチェックして理由を書いてください",
        en: "Enter Model name. If it cannot be checked, tick “Not applicable” and give the reason",
      },
      "diagnostics.osVersion": {
        ja: "OSバージョンを該当なしにする理由を書いてください",
        en: "Give the reason why OS version is not applicable",
      },
    });
    expect(await t.ctx.db.select().from(buybackGradings).where(eq(buybackGradings.itemId, id))).toEqual([]);
    expect((await item(id)).grade).toBeNull();
  });

  it("grade J needs a failed check", async () => {
    const id = await received();
    const error = await failure(
      gradeDevice(t.ctx, {
        itemId: id,
        graderId: grader.id,
        grade: "J",
        ngConditions: [],
        diagnostics: fullDiagnostics(),
      }),
    );
    expect(said(error).fields.ngConditions?.ja).toBe(
      "グレードJ（ジャンク）には、不具合を1つ以上選んでください",
    );
  });

  it("will not grade a device whose activation lock is on", async () => {
    const id = await received();
    const error = await failure(
      gradeDevice(t.ctx, {
        itemId: id,
        graderId: grader.id,
        grade: "B",
        ngConditions: [],
        diagnostics: fullDiagnostics({ activationLock: { value: "on" } }),
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(said(error).message.en).toBe(
      "A device whose activation lock is on cannot be graded. Ask the member to remove it first",
    );
    expect((await item(id)).gradedAt).toBeNull();
  });

  it("grades a device into an offer from the best bid, tells the member the amount, keeps the grading", async () => {
    await placeBid(t.ctx, { companyId: companies[0], modelId, grade: "B", price: 30_000 });
    t.clock.advance(1000);
    await placeBid(t.ctx, { companyId: companies[1], modelId, grade: "B", price: 32_000 });
    const id = await received();
    const outcome = await gradeDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      grade: "B",
      ngConditions: [],
      diagnostics: fullDiagnostics({ networkRestriction: { value: "△" } }),
      meta: { requestId: "grade-1" },
    });
    expect(outcome).toMatchObject({
      offered: true,
      regrade: false,
      companyId: companies[1],
      breakdown: { bid: 32_000, deductions: [{ code: "network_pending", amount: 3_200 }], amount: 28_800 },
    });
    const after = await item(id);
    expect(after).toMatchObject({
      state: "40",
      grade: "B",
      gradedBy: grader.id,
      offerAmount: 28_800,
      offerCompanyId: companies[1],
    });
    expect(after.diagnostics?.nsysGrade).toEqual({ na: "NSYSの検査を受けていない端末" });
    expect(after.externalGrade).toBeNull();
    expect(await noticesOf(id)).toContainEqual({
      buybackItemId: id,
      title: "iPhone 13",
      event: "offered",
      amount: 28_800,
    });
    const gradings = await t.ctx.db.select().from(buybackGradings).where(eq(buybackGradings.itemId, id));
    expect(gradings).toHaveLength(1);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.requestId, "grade-1"));
    expect(entry).toMatchObject({ action: "buyback:grade", targetId: String(id) });
    expect(entry!.changes).toHaveProperty("grade", [null, "B"]);
  });

  it("a regrade needs a reason, keeps the before and after, and makes a new offer for the new grade", async () => {
    const bidA = await placeBid(t.ctx, { companyId: companies[0], modelId, grade: "A", price: 40_000 });
    const id = await received();
    await gradeDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      grade: "B",
      ngConditions: [],
      diagnostics: fullDiagnostics(),
    });
    const first = await item(id);
    const [oldBid] = await t.ctx.db.select().from(buybackBids).where(eq(buybackBids.id, first.offerBidId!));
    const noReason = await failure(
      gradeDevice(t.ctx, {
        itemId: id,
        graderId: grader.id,
        grade: "A",
        ngConditions: [],
        diagnostics: fullDiagnostics(),
      }),
    );
    expect(said(noReason).fields.reason?.ja).toBe("再査定の理由を書いてください");
    t.clock.advance(3 * DAY_MS);
    const outcome = await gradeDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      grade: "A",
      ngConditions: [],
      diagnostics: fullDiagnostics({ color: { value: "ブルー" } }),
      reason: "外装の傷はケースの汚れでした",
    });
    expect(outcome).toMatchObject({
      offered: true,
      regrade: true,
      bidId: bidA,
      breakdown: { amount: 40_000 },
    });
    const after = await item(id);
    expect(after).toMatchObject({ state: "40", grade: "A", offerAmount: 40_000 });
    expect(after.offerExpiresAt!.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    const [released] = await t.ctx.db.select().from(buybackBids).where(eq(buybackBids.id, oldBid!.id));
    expect(released!.reserved).toBe(oldBid!.reserved - 1);

    const detail = await getGrading(t.ctx, { actor: grader, itemId: id });
    expect(detail.gradings.map((g) => [g.before?.grade ?? null, g.grade, g.reason])).toEqual([
      [null, "B", null],
      ["B", "A", "外装の傷はケースの汚れでした"],
    ]);
    expect(detail.gradings[1]!.changedFields).toEqual(["color"]);
    expect(detail.history.map((h) => [h.from, h.to, h.action])).toEqual([
      [null, "10", "create"],
      ["10", "20", "ship"],
      ["20", "30", "receive"],
      ["30", "40", "offer"],
      ["40", "40", "regrade"],
    ]);
    expect(detail.offer).toMatchObject({
      bid: 40_000,
      amount: 40_000,
      companyName: "株式会社リユースモバイル",
    });
  });

  it("with no bid a first grading stays in grading; the device can then be refused for having no bid", async () => {
    const id = await received();
    const outcome = await gradeDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      grade: "C",
      ngConditions: ["camera"],
      diagnostics: fullDiagnostics(),
    });
    expect(outcome).toMatchObject({ offered: false, regrade: false });
    expect(await item(id)).toMatchObject({ state: "30", grade: "C", ngConditions: ["camera"] });
    const detail = await getGrading(t.ctx, { actor: grader, itemId: id });
    expect(detail.can).toMatchObject({ noBid: true, bidNow: false, refuseNoBid: true, grade: true });
    // A bid arrives: refusing for "no bid" is refused, grading again makes the offer.
    await placeBid(t.ctx, {
      companyId: companies[0],
      modelId,
      grade: "C",
      ngCondition: "camera",
      price: 9000,
    });
    const refused = await failure(
      refuseDevice(t.ctx, { itemId: id, graderId: grader.id, reason: "no_bid", note: "" }),
    );
    expect(said(refused).message.ja).toContain("入札が入りました");
    await t.ctx.db.update(buybackBids).set({ enabled: false }).where(eq(buybackBids.grade, "C"));
    await refuseDevice(t.ctx, { itemId: id, graderId: grader.id, reason: "no_bid", note: "" });
    const after = await item(id);
    expect(after).toMatchObject({ state: "60", endReason: "no_bid" });
    expect(after.returnInvoiceNumber).toMatch(/^\d{12}$/);
    expect((await noticesOf(id)).map((n) => n.event)).toContain("refused");
  });

  it("refuses a still-locked device only after the wait since the member was asked", async () => {
    const id = await received();
    const notAsked = await failure(
      refuseDevice(t.ctx, { itemId: id, graderId: grader.id, reason: "activation_locked" }),
    );
    expect(said(notAsked).message.ja).toBe("先に会員へロックの解除を依頼してください");
    const asked = await requestUnlock(t.ctx, { itemId: id, graderId: grader.id });
    expect(asked.reminder).toBe(false);
    t.clock.advance(13 * DAY_MS);
    expect((await requestUnlock(t.ctx, { itemId: id, graderId: grader.id })).requestedAt).toEqual(
      asked.requestedAt,
    );
    const early = await failure(
      refuseDevice(t.ctx, { itemId: id, graderId: grader.id, reason: "activation_locked" }),
    );
    expect(early.code).toBe("CONFLICT");
    expect(said(early).message.ja).toContain("14日");
    expect((await noticesOf(id)).filter((n) => n.event === "unlock_requested")).toHaveLength(2);
    t.clock.advance(DAY_MS);
    await refuseDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      reason: "activation_locked",
      note: "2回依頼したが解除されず",
    });
    expect(await item(id)).toMatchObject({ state: "60", endReason: "activation_locked" });
  });

  it("holds a stolen device, and never grades it afterwards", async () => {
    const id = await received({ imei: STOLEN_IMEI });
    await refuseDevice(t.ctx, {
      itemId: id,
      graderId: grader.id,
      reason: "reported_stolen",
      note: "GSMAで盗難届あり",
    });
    const after = await item(id);
    expect(after).toMatchObject({ state: "60", endReason: "reported_stolen", returnInvoiceNumber: null });
    expect((await noticesOf(id)).map((n) => n.event)).toContain("held");
    const graded = await failure(
      gradeDevice(t.ctx, {
        itemId: id,
        graderId: grader.id,
        grade: "B",
        ngConditions: [],
        diagnostics: fullDiagnostics(),
      }),
    );
    expect(graded.code).toBe("CONFLICT");
    expect(said(graded).message.ja).toBe("この買取は終了しているため、査定できません");
    const badReason = await failure(refuseDevice(t.ctx, { itemId: id, graderId: grader.id, reason: "lost" }));
    expect(badReason.code).toBe("VALIDATION");
    // Another device with the same IMEI is flagged on its page, as is a reported listing.
    const [listing] = await t.ctx.db
      .insert(items)
      .values({
        sellerId: member.id,
        state: "SALE",
        title: "iPhone 13 ジャンク",
        price: 5000,
        categoryCode: "05",
        condition: "DEFECTIVE",
        postage: "INCLUDED",
        shippingMethod: "05",
        leadTime: "01",
        imei: STOLEN_IMEI,
      })
      .returning({ id: items.id });
    const reporter = await makeMember(t.ctx);
    await t.ctx.db
      .insert(reports)
      .values({ targetType: "item", targetId: listing!.id, reporterId: reporter.id, reason: "stolen" });
    const twin = await received({ imei: STOLEN_IMEI });
    const detail = await getGrading(t.ctx, { actor: grader, itemId: twin });
    expect(detail.warnings.otherDevices).toEqual([{ id, state: "60", endReason: "reported_stolen" }]);
    expect(detail.warnings.reportedListings).toEqual([{ id: listing!.id, title: "iPhone 13 ジャンク" }]);
    // A grader without pii:read sees the member's IMEI masked.
    expect(detail.item.imei).toBe("35282211•••••08");
  });

  it("only graders and admins grade: support, members and buyers are refused", async () => {
    const id = await received();
    const support = await makeOperator(t.ctx, ["support"]);
    for (const who of [support.id, member.id]) {
      const error = await failure(
        gradeDevice(t.ctx, {
          itemId: id,
          graderId: who,
          grade: "B",
          ngConditions: [],
          diagnostics: fullDiagnostics(),
        }),
      );
      expect(error.code).toBe("FORBIDDEN");
    }
    expect(
      (await failure(refuseDevice(t.ctx, { itemId: id, graderId: support.id, reason: "counterfeit" }))).code,
    ).toBe("FORBIDDEN");
    expect((await failure(getGrading(t.ctx, { actor: support, itemId: id }))).code).toBe("FORBIDDEN");
    const admin = await makeOperator(t.ctx, ["admin"]);
    await gradeDevice(t.ctx, {
      itemId: id,
      graderId: admin.id,
      grade: "B",
      ngConditions: [],
      diagnostics: fullDiagnostics(),
    });
    expect((await item(id)).gradedBy).toBe(admin.id);
  });

  it("adds photos up to the limit through the image pipeline and removes one", async () => {
    const id = await received();
    const { added } = await addBuybackPhotos(t.ctx, {
      itemId: id,
      graderId: grader.id,
      files: [await jpeg(), await jpeg()],
    });
    expect(added).toBe(2);
    const photos = await t.ctx.db.select().from(buybackItemPhotos).where(eq(buybackItemPhotos.itemId, id));
    expect(photos.map((p) => p.blobKey.startsWith(`buyback/${id}/`))).toEqual([true, true]);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const refused = await failure(
      addBuybackPhotos(t.ctx, { itemId: id, graderId: grader.id, files: [html] }),
    );
    expect(refused.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const tooMany = await failure(
      addBuybackPhotos(t.ctx, {
        itemId: id,
        graderId: grader.id,
        files: Array.from({ length: 9 }, () => new Uint8Array(10)),
      }),
    );
    expect(said(tooMany).fields.photos?.ja).toBe("写真は1台につき10枚までです");
    await removeBuybackPhoto(t.ctx, { itemId: id, photoId: photos[0]!.id, graderId: grader.id });
    const detail = await getGrading(t.ctx, { actor: grader, itemId: id });
    expect(detail.photos.map((p) => p.id)).toEqual([photos[1]!.id]);
  });

  it("lists the queue by tab and finds a device by IMEI or inbound invoice number", async () => {
    const app = await makeBuybackApplication(t.ctx, {
      userId: member.id,
      devices: [{ modelId, imei: "490154203237518" }],
      shipped: true,
    });
    const arriving = await listGradingQueue(t.ctx, { actor: grader, input: { tab: "arriving" } });
    expect(arriving.applications?.rows.map((r) => [r.id, r.inboundInvoiceNumber])).toContainEqual([
      app.applicationId,
      app.invoiceNumber,
    ]);
    expect(arriving.counts.arriving).toBeGreaterThanOrEqual(1);
    const byImei = await listGradingQueue(t.ctx, { actor: grader, input: { q: "4901 5420 3237 518" } });
    expect(byImei.devices?.rows.map((r) => r.id)).toEqual(app.itemIds);
    const byInvoice = await listGradingQueue(t.ctx, { actor: grader, input: { q: app.invoiceNumber } });
    expect(byInvoice.devices?.rows.map((r) => r.id)).toEqual(app.itemIds);
    const grade = await listGradingQueue(t.ctx, { actor: grader, input: { tab: "grade" } });
    expect(grade.devices?.rows.every((r) => r.state === "30")).toBe(true);
    const bad = await failure(listGradingQueue(t.ctx, { actor: grader, input: { q: "iPhone" } }));
    expect(said(bad).fields.q?.ja).toBe("番号は数字で入力してください");
  });
});
