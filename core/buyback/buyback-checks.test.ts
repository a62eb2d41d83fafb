import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  deviceChecks,
  deviceModels,
} from "#db/schema/index.ts";
import { listItem, makeOperator } from "#tests/helpers/catalog.ts";
import { finishedCheck } from "#tests/helpers/checks.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import { makeBuyer } from "#tests/helpers/trading.ts";
import { assertAttachable, attachDeviceCheck } from "../checks/attach-device-check.ts";
import { listUnattachedDeviceChecks } from "../checks/get-device-check.ts";
import { signedPart, standingOf } from "../checks/report.ts";
import { saveDeviceCheck } from "../checks/save-device-check.ts";
import { CHECK_TESTS, type CheckOutcome, type CheckTest } from "../checks/tests.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { applyForBuyback } from "./apply.ts";
import { answersWithCheck, buybackAnswersOfCheck } from "./check-answers.ts";
import { estimateBuyback } from "./estimate.ts";
import { getGrading } from "./get-grading.ts";
import { possibleConditions } from "./offer.ts";
import { receiveParcels } from "./receive-parcels.ts";
import { markBuybackShipped } from "./ship-buyback.ts";

const allPass = () =>
  Object.fromEntries(CHECK_TESTS.map((test) => [test, "pass"])) as Record<CheckTest, CheckOutcome>;
/** A check where everything worked (the earpiece and vibration untestable, as on an iPhone). */
const passing = (now: Date) =>
  finishedCheck(now, {
    tests: { ...allPass(), earpiece: "unsupported", vibration: "unsupported" },
    displayDefects: [],
  });

const ANSWERS = {
  power: "yes",
  screen: "ok",
  battery: "unknown",
  camera: "ok",
  sensor: "ok",
  network: "○",
  appearance: "used",
} as const;

describe("what a self-check answers for the buyback", () => {
  it("powers on; the screen, the cameras and the sensors as tested; nothing from what was skipped", () => {
    const fine = buybackAnswersOfCheck({ tests: allPass(), displayDefects: [] });
    expect(fine).toEqual({
      answers: { power: "yes", screen: "ok", camera: "ok" },
      faults: [],
      ruledOut: ["no_power", "screen", "camera"],
    });
    // The default check: the back camera failed, burn-in marked on the colours.
    const found = buybackAnswersOfCheck(finishedCheck(new Date()));
    expect(found).toEqual({
      answers: { power: "yes", screen: "faulty", camera: "faulty" },
      faults: ["screen", "camera"],
      ruledOut: ["no_power"],
    });
    const partial = buybackAnswersOfCheck({
      tests: { ...allPass(), frontCamera: "skipped", motion: "fail", display: "unsupported" },
      displayDefects: [],
    });
    expect(partial).toEqual({
      answers: { power: "yes", sensor: "faulty" },
      faults: ["sensor"],
      ruledOut: ["no_power"],
    });
  });

  it("fills what is open, never lets a fault be answered away, and leaves the member the rest", () => {
    const found = buybackAnswersOfCheck(finishedCheck(new Date()));
    const questions = ["power", "screen", "battery", "camera", "sensor", "appearance"] as const;
    expect(answersWithCheck({ screen: "ok", camera: "", appearance: "used" }, found, questions)).toEqual({
      answers: { power: "yes", screen: "faulty", camera: "faulty", appearance: "used" },
      fromCheck: ["power", "screen", "camera"],
    });
    // A crack the member sees stays theirs: it is a screen defect too.
    expect(answersWithCheck({ screen: "cracked" }, found, questions).answers.screen).toBe("cracked");
    // A member who knows the screen fails now keeps their answer over a passing check.
    const fine = buybackAnswersOfCheck({ tests: allPass(), displayDefects: [] });
    const kept = answersWithCheck({ power: "no", screen: "faulty" }, fine, questions);
    expect(kept.answers).toMatchObject({ power: "no", screen: "faulty", camera: "ok" });
    expect(kept.fromCheck).toEqual(["camera"]);
  });

  it("leaves open what grading may find otherwise, less what the check ruled out", () => {
    const key = (c: { grade: string; ngConditions: string[] }) => `${c.grade}:${c.ngConditions.join("+")}`;
    expect(possibleConditions({ ...ANSWERS }).map(key)).toEqual([
      "B:",
      "B:battery",
      "J:camera",
      "J:camera+battery",
      "J:screen",
      "J:screen+battery",
      "J:screen+camera",
      "J:screen+camera+battery",
    ]);
    expect(possibleConditions({ ...ANSWERS }, ["no_power", "screen", "camera"]).map(key)).toEqual([
      "B:",
      "B:battery",
    ]);
  });
});

describe.each(ENGINES)("a self-check report on a buyback device on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-24T01:00:00Z");
    const [model] = await t.ctx.db
      .insert(deviceModels)
      .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128, 256] })
      .returning({ id: deviceModels.id });
    phone = model!.id;
    const [c] = await t.ctx.db.insert(buybackCompanies).values({ name: "チェック買取株式会社" }).returning();
    const bid = (grade: "B" | "J", ngCondition: "none" | "battery" | "screen" | "camera", price: number) => ({
      companyId: c!.id,
      modelId: phone,
      grade,
      ngCondition,
      price,
      enabled: true,
    });
    await t.ctx.db
      .insert(buybackBids)
      .values([
        bid("B", "none", 45_000),
        bid("B", "battery", 40_000),
        bid("J", "screen", 8_000),
        bid("J", "camera", 20_000),
      ]);
  });
  afterAll(() => t.close());

  const device = (checkId: string | undefined, answers: Record<string, string> = { ...ANSWERS }) => {
    serial += 1;
    return {
      categoryCode: "05",
      modelId: String(phone),
      storageGb: "128",
      imei: imeiFrom(`35${String(200000000000 + serial).slice(-12)}`),
      answers,
      checkId,
    };
  };

  const apply = (actor: SessionUser, devices: ReturnType<typeof device>[], key = `check-key-${++serial}`) =>
    applyForBuyback(t.ctx, {
      actor,
      requestKey: key,
      devices,
      shipping: { method: "kit" },
      confirmations: { activationLock: "on", dataErased: "on", adult: "on" },
    });

  const rows = async () => {
    const [apps] = await t.ctx.db.select({ n: count() }).from(buybackApplications);
    const [items] = await t.ctx.db.select({ n: count() }).from(buybackItems);
    return { applications: apps!.n, items: items!.n };
  };

  it("narrows the estimate: what the check tested and found working is no longer open", async () => {
    const m = await makeBuyer(t.ctx);
    const without = await estimateBuyback(t.ctx, device(undefined), { actor: m });
    // Open: a faulty screen (¥8,000), a faulty camera (¥20,000), a worn battery, and together
    // (each further defect 10% off the worst one's bid).
    expect(without.estimate).toMatchObject({
      grade: "B",
      offer: { amount: 45_000 },
      range: { min: 6_400, max: 45_000 },
      check: null,
    });
    const report = await saveDeviceCheck(t.ctx, { actor: m, input: passing(t.clock.now()) });
    const withCheck = await estimateBuyback(t.ctx, device(report.id, { ...ANSWERS, power: "" }), {
      actor: m,
    });
    expect(withCheck.device.answers).toMatchObject({ power: "yes", screen: "ok", camera: "ok" });
    expect(withCheck.estimate).toMatchObject({
      grade: "B",
      offer: { amount: 45_000 },
      range: { min: 40_000, max: 45_000 },
      check: {
        reportId: report.id,
        fromCheck: ["power", "screen", "camera"],
        narrowed: true,
        without: { min: 6_400, max: 45_000 },
      },
    });
    // The estimate reads a report without touching it.
    expect((await listUnattachedDeviceChecks(t.ctx, { actor: m })).map((r) => r.id)).toEqual([report.id]);
    // Nobody but its member, signed in, may name a report.
    expect((await failure(estimateBuyback(t.ctx, device(report.id)))).code).toBe("UNAUTHORIZED");
  });

  it("prices the faults a check found even when the member answered that all works", async () => {
    const m = await makeBuyer(t.ctx);
    const report = await saveDeviceCheck(t.ctx, { actor: m, input: finishedCheck(t.clock.now()) });
    const { device: checked, estimate } = await estimateBuyback(t.ctx, device(report.id), { actor: m });
    expect(checked.answers).toMatchObject({ screen: "faulty", camera: "faulty" });
    expect(estimate).toMatchObject({
      grade: "J",
      ngConditions: ["screen", "camera"],
      offer: { bid: 8_000, amount: 7_200 },
      range: { min: 6_400, max: 7_200 },
      check: { fromCheck: ["power", "screen", "camera"], narrowed: false },
    });
  });

  it("puts the report on the device when the member applies, signed again for it; then it goes on nothing else", async () => {
    const m = await makeBuyer(t.ctx);
    const report = await saveDeviceCheck(t.ctx, { actor: m, input: finishedCheck(t.clock.now()) });
    const applied = await apply(m, [device(report.id)]);
    const itemId = applied.itemIds[0]!;
    const [row] = await t.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, report.id));
    expect(row).toMatchObject({ buybackItemId: itemId, itemId: null, subject: `buyback:${itemId}` });
    expect(signedPart(row!).subject).toBe(`buyback:${itemId}`);
    expect(standingOf(t.ctx, row!)).toBe("genuine");
    const [item] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, itemId));
    // The device's answers are the ones the check gave, and so is its estimate.
    expect(item!.answers).toMatchObject({ screen: "faulty", camera: "faulty" });
    expect(item!.estimate).toMatchObject({ grade: "J", check: { reportId: report.id } });
    expect(await listUnattachedDeviceChecks(t.ctx, { actor: m })).toEqual([]);

    // Not on a listing of the member's now, nor on another device.
    const itemOfListing = await listItem(t.ctx, m);
    const onListing = await failure(
      attachDeviceCheck(t.ctx, { actor: m, itemId: itemOfListing, input: { reportId: report.id } }),
    );
    expect(onListing.code).toBe("CONFLICT");
    expect(said(onListing).message.ja).toBe(
      "この動作チェックの結果は買取の申込みに使われているため、出品には付けられません",
    );
    expect((await failure(assertAttachable(t.ctx, { actor: m, input: { reportId: report.id } }))).code).toBe(
      "CONFLICT",
    );
    const before = await rows();
    const again = await failure(apply(m, [device(report.id)]));
    expect(again.code).toBe("CONFLICT");
    expect(said(again).message.en).toBe(
      "This device check report is already on another device sent to the buyback",
    );
    expect(await rows()).toEqual(before);
  });

  it("refuses a report on a listing, another member's, an altered or expired one, or one for two devices, and applies nothing", async () => {
    const m = await makeBuyer(t.ctx);
    const before = await rows();

    const listed = await saveDeviceCheck(t.ctx, { actor: m, input: passing(t.clock.now()) });
    await attachDeviceCheck(t.ctx, {
      actor: m,
      itemId: await listItem(t.ctx, m),
      input: { reportId: listed.id },
    });
    const onListing = await failure(apply(m, [device(listed.id)]));
    expect(onListing.code).toBe("CONFLICT");
    expect(said(onListing).message.ja).toBe(
      "この動作チェックの結果は出品に付いているため、買取の申込みには使えません",
    );

    const other = await saveDeviceCheck(t.ctx, {
      actor: await makeBuyer(t.ctx),
      input: passing(t.clock.now()),
    });
    expect((await failure(apply(m, [device(other.id)]))).code).toBe("FORBIDDEN");

    const tampered = await saveDeviceCheck(t.ctx, { actor: m, input: finishedCheck(t.clock.now()) });
    const altered = finishedCheck(t.clock.now());
    altered.tests.backCamera = "pass";
    await t.ctx.db
      .update(deviceChecks)
      .set({ result: altered })
      .where(eq(deviceChecks.publicId, tampered.id));
    const refused = await failure(apply(m, [device(tampered.id)]));
    expect(refused.code).toBe("VALIDATION");
    expect(said(refused).fields["devices.0.checkId"]?.ja).toBe(
      "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
    );

    const twice = await saveDeviceCheck(t.ctx, { actor: m, input: passing(t.clock.now()) });
    const both = await failure(apply(m, [device(twice.id), device(twice.id)]));
    expect(said(both).fields["devices.1.checkId"]?.ja).toBe(
      "同じ動作チェックの結果を2台の端末に付けることはできません",
    );
    expect(await rows()).toEqual(before);
    // Each refused report is as it was: the member's, on nothing.
    const [kept] = await t.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, twice.id));
    expect(kept).toMatchObject({ buybackItemId: null, subject: `member:${m.id}` });
  });

  it("fills the grading form from a genuine report, marked as the member's check; one that no longer holds fills nothing", async () => {
    const grader = await makeOperator(t.ctx, ["grader"]);
    const m = await makeBuyer(t.ctx);
    const found = await saveDeviceCheck(t.ctx, { actor: m, input: finishedCheck(t.clock.now()) });
    const fine = await saveDeviceCheck(t.ctx, { actor: m, input: passing(t.clock.now()) });
    const applied = await apply(m, [device(found.id), device(fine.id)]);
    await markBuybackShipped(t.ctx, { actor: m, itemId: applied.itemIds[0]! });
    await receiveParcels(t.ctx, { graderId: grader.id, applicationIds: [applied.applicationId] });

    const detail = await getGrading(t.ctx, { actor: grader, itemId: applied.itemIds[0]! });
    expect(detail.deviceCheck).toMatchObject({ id: found.id, standing: "genuine" });
    expect(detail.deviceCheck).not.toHaveProperty("memberId");
    expect(detail.prefill).toMatchObject({
      grade: { value: "J", source: "check" },
      ngConditions: { value: ["screen", "camera"], source: "check" },
      diagnostics: { power: { value: "on", source: "check" } },
    });

    // The other device's report altered afterwards: shown as such, and the form is the application's.
    const altered = passing(t.clock.now());
    altered.tests.touch = "fail";
    await t.ctx.db.update(deviceChecks).set({ result: altered }).where(eq(deviceChecks.publicId, fine.id));
    const second = await getGrading(t.ctx, { actor: grader, itemId: applied.itemIds[1]! });
    expect(second.deviceCheck?.standing).toBe("tampered");
    expect(second.prefill).toMatchObject({
      grade: { value: "B", source: "application" },
      ngConditions: { value: [], source: "application" },
      diagnostics: { power: { value: "on", source: "application" } },
    });

    // Past its 30 days the genuine one fills nothing either.
    t.clock.advance(31 * 24 * 3600_000);
    const late = await getGrading(t.ctx, { actor: grader, itemId: applied.itemIds[0]! });
    expect(late.deviceCheck?.standing).toBe("expired");
    expect(late.prefill).toMatchObject({
      grade: { value: "J", source: "application" },
      ngConditions: { value: ["screen", "camera"], source: "application" },
      diagnostics: { power: { value: "on", source: "application" } },
    });
  });
});
