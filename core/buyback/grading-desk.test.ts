import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { auditLog, buybackItems, deviceModels, tacCodes } from "#db/schema/index.ts";
import { fullDiagnostics, makeBuybackApplication } from "#tests/helpers/buyback-grading.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { findScannedDevice } from "./find-scanned-device.ts";
import { getGrading } from "./get-grading.ts";
import { gradeDevice } from "./grade-device.ts";
import { receiveParcels } from "./receive-parcels.ts";

/** IMEIs (valid check digits) no other test uses; the first two share the TAC 35393811 of the test model. */
const IMEI_A = "353938110000019";
const IMEI_B = "353938110000027";

describe.each(ENGINES)("the grading desk: scanning and receiving in a batch on %s", (engine) => {
  let t: TestCore;
  let modelId: number;
  let grader: SessionUser;
  let member: SessionUser;

  beforeAll(async () => {
    t = await createTestCore(engine);
    const [model] = await t.ctx.db
      .insert(deviceModels)
      .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 15", storageOptions: [128] })
      .returning({ id: deviceModels.id });
    modelId = model!.id;
    await t.ctx.db.insert(tacCodes).values({ tac: "35393811", modelId });
    grader = await makeOperator(t.ctx, ["grader"]);
    member = await makeMember(t.ctx, { nickname: "はなこ" });
  });
  afterAll(() => t.close());

  const parcel = (imei?: string, devices = 1) =>
    makeBuybackApplication(t.ctx, {
      userId: member.id,
      devices: Array.from({ length: devices }, (_, i) => ({ modelId, ...(imei && i === 0 ? { imei } : {}) })),
      shipped: true,
    });
  const scan = (value: string) => findScannedDevice(t.ctx, { actor: grader, input: { scan: value } });

  it("opens a device by its IMEI as a scanner types it, or a parcel's first device by its invoice number", async () => {
    const one = await parcel(IMEI_A);
    const two = await parcel(undefined, 2);
    expect(await scan(IMEI_A)).toEqual({ itemId: one.itemIds[0], by: "imei", scan: IMEI_A });
    // Full-width digits and the spaces of an iPhone's settings screen are the same number.
    expect(await scan("３５３９３８ 110000019")).toMatchObject({ itemId: one.itemIds[0] });
    expect(await scan(two.invoiceNumber)).toEqual({
      itemId: two.itemIds[0],
      by: "invoice",
      scan: two.invoiceNumber.replace(/-/g, ""),
    });
    // Once the second device is with us and the first is not, the invoice opens the one to grade.
    await t.ctx.db.update(buybackItems).set({ state: "30" }).where(eq(buybackItems.id, two.itemIds[1]!));
    expect(await scan(two.invoiceNumber)).toMatchObject({ itemId: two.itemIds[1] });
    // Nothing matches: null, for the page to say so in words.
    expect(await scan("353938110000035")).toBeNull();
    const bad = await failure(scan("IMEI-abc"));
    expect(bad.code).toBe("VALIDATION");
    expect(said(bad).fields.scan?.ja).toBe("IMEI（15桁）か送り状番号を、数字で読み取ってください");
    // Only graders (and operators whose roles grade) may look.
    expect((await failure(findScannedDevice(t.ctx, { actor: member, input: { scan: IMEI_A } }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("receives a batch of parcels, scanned and ticked, each once, saying what became of each", async () => {
    const [a, b, c, d] = [await parcel(), await parcel(undefined, 2), await parcel(), await parcel()];
    await receiveParcels(t.ctx, { graderId: grader.id, applicationIds: [d.applicationId] });
    const out = await receiveParcels(t.ctx, {
      graderId: grader.id,
      invoices: [a.invoiceNumber, "", ` ${b.invoiceNumber} `, a.invoiceNumber, "999999999999", "abc"],
      applicationIds: [c.applicationId, b.applicationId, d.applicationId],
      meta: { requestId: "batch-1" },
    });
    expect(out).toEqual([
      { parcel: a.invoiceNumber, applicationId: a.applicationId, outcome: "received", itemIds: a.itemIds },
      { parcel: b.invoiceNumber, applicationId: b.applicationId, outcome: "received", itemIds: b.itemIds },
      { parcel: "999999999999", applicationId: null, outcome: "notFound", itemIds: [] },
      { parcel: "abc", applicationId: null, outcome: "notANumber", itemIds: [] },
      {
        parcel: `#${c.applicationId}`,
        applicationId: c.applicationId,
        outcome: "received",
        itemIds: c.itemIds,
      },
      {
        parcel: `#${d.applicationId}`,
        applicationId: d.applicationId,
        outcome: "nothingToReceive",
        itemIds: [],
      },
    ]);
    for (const id of [...a.itemIds, ...b.itemIds, ...c.itemIds]) {
      const [row] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, id));
      expect(row!.state).toBe("30");
    }
    // Each parcel is audited as its own receipt.
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.requestId, "batch-1"));
    expect(audited.map((e) => e.targetId).sort()).toEqual(
      [a.applicationId, b.applicationId, c.applicationId].map(String).sort(),
    );
    const none = await failure(receiveParcels(t.ctx, { graderId: grader.id, invoices: ["", " "] }));
    expect(said(none).fields.parcels?.ja).toBe(
      "受け取る荷物の送り状番号を読み取るか、一覧でチェックを付けてください",
    );
    expect(
      (await failure(receiveParcels(t.ctx, { graderId: member.id, applicationIds: [a.applicationId] }))).code,
    ).toBe("FORBIDDEN");
  });

  it("fills the form from the application and the IMEI; the IMEI itself only once scanned; the regrade keeps the first", async () => {
    const app = await makeBuybackApplication(t.ctx, {
      userId: member.id,
      devices: [
        {
          modelId,
          imei: IMEI_B,
          storageGb: 256,
          answers: { power: "yes", screen: "ok", battery: "ok", network: "△", appearance: "used" },
        },
      ],
      shipped: true,
    });
    await receiveParcels(t.ctx, { graderId: grader.id, applicationIds: [app.applicationId] });
    const itemId = app.itemIds[0]!;
    const unscanned = await getGrading(t.ctx, { actor: grader, itemId });
    // A grader may not read the member's IMEI: it is filled in only when the scan matched it.
    expect(unscanned.prefill?.diagnostics.imei).toBeUndefined();
    const scanned = await getGrading(t.ctx, { actor: grader, itemId, scannedImei: IMEI_B });
    expect(scanned.prefill).toMatchObject({
      grade: { value: "B", source: "application" },
      ngConditions: { value: [], source: "application" },
      diagnostics: {
        imei: { value: IMEI_B, source: "application" },
        manufacturer: { value: "Apple", source: "imei" },
        model: { value: "iPhone 15", source: "imei" },
        modelName: { value: "iPhone 15", source: "application" },
        memory: { value: "256GB", source: "application" },
        power: { value: "on", source: "application" },
        networkRestriction: { value: "△", source: "application" },
        testDate: { value: "2026-11-22", source: "model" },
        carrier: { value: "sim_free", source: "model" },
        nsysGrade: { na: true, source: "model" },
      },
    });
    expect(
      (await getGrading(t.ctx, { actor: grader, itemId, scannedImei: IMEI_A })).prefill?.diagnostics.imei,
    ).toBe(undefined);
    // The serial number, model number, OS version, cycle count and colour may stay empty.
    const empty = { value: "" };
    await gradeDevice(t.ctx, {
      itemId,
      graderId: grader.id,
      grade: "B",
      ngConditions: [],
      diagnostics: fullDiagnostics({
        imei: { value: IMEI_B },
        serialNumber: empty,
        modelNumber: empty,
        osVersion: empty,
        batteryCycleCount: empty,
        color: empty,
      }),
    });
    const graded = await getGrading(t.ctx, { actor: grader, itemId });
    expect(graded.prefill).toBeNull();
    expect(graded.item.diagnostics?.serialNumber).toEqual(empty);
  });
});
