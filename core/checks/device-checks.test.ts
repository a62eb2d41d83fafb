import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceChecks, jobs, users } from "#db/schema/index.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { finishedCheck, IPHONE_UA } from "#tests/helpers/checks.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { saveSearch } from "../catalog/save-search.ts";
import { notifySavedSearches } from "../catalog/saved-searches.ts";
import { assertAttachable, attachDeviceCheck } from "./attach-device-check.ts";
import { createCheckLink } from "./check-link.ts";
import { deviceCheckOfItem, getDeviceCheck, listUnattachedDeviceChecks } from "./get-device-check.ts";
import type { CheckResult } from "./report.ts";
import { saveDeviceCheck } from "./save-device-check.ts";
import { CHECK_TESTS, claimMismatch, proposedDefects } from "./tests.ts";

const PIXEL_UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";

const aCheck = (t: TestCore, o: Partial<CheckResult> = {}) => finishedCheck(t.clock.now(), o);

describe.each(ENGINES)("device self-check reports on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps a finished check as a report signed for its member, valid for 30 days, honest about what it did not test", async () => {
    const member = await makeMember(t.ctx);
    const report = await saveDeviceCheck(t.ctx, { actor: member, input: aCheck(t) });
    expect(report.id).toMatch(/^[2-9a-hjkmnp-z]{10}$/);
    expect(report.standing).toBe("genuine");
    expect(report.expiresAt.getTime() - report.checkedAt.getTime()).toBe(30 * 24 * 3600_000);
    expect(report.counts).toEqual({ pass: 10, fail: 1, skipped: 0, unsupported: 2 });
    expect(report.tests.backCamera).toBe("fail");
    expect(Object.keys(report.tests)).toEqual([...CHECK_TESTS]);
    expect(report.notTested).toEqual(["biometrics", "sim_slot", "charging_port", "water_damage"]);
    expect(report.mismatch).toBe(false);
    // The device's full user agent is kept for the signature, not shown.
    expect(report.device).not.toHaveProperty("userAgent");
    expect((await listUnattachedDeviceChecks(t.ctx, { actor: member })).map((r) => r.id)).toEqual([
      report.id,
    ]);
  });

  it("runs on the device being sold through a check link, which an altered or old link cannot", async () => {
    const member = await makeMember(t.ctx);
    const { token } = createCheckLink(t.ctx, { actor: member });
    const report = await saveDeviceCheck(t.ctx, { actor: null, input: { ...aCheck(t), link: token } });
    expect(report.memberId).toBe(member.id);

    const other = await makeMember(t.ctx);
    const forged = token.replace(/^\d+/, String(other.id));
    expect(
      said(await failure(saveDeviceCheck(t.ctx, { actor: null, input: { ...aCheck(t), link: forged } })))
        .fields.link?.ja,
    ).toBe("このQRコードは使えません。出品または買取申込みの画面で、QRコードを表示し直してください");
    t.clock.advance(61 * 60_000);
    const late = await failure(saveDeviceCheck(t.ctx, { actor: null, input: { ...aCheck(t), link: token } }));
    expect(said(late).fields.link?.en).toBe(
      "This QR code has expired (it is valid for 1 hour). Show the QR code again on the listing or buyback application form",
    );
    expect((await failure(saveDeviceCheck(t.ctx, { actor: null, input: aCheck(t) }))).code).toBe(
      "UNAUTHORIZED",
    );

    // A link made before its member was suspended no longer opens the check.
    const suspended = await makeMember(t.ctx);
    const before = createCheckLink(t.ctx, { actor: suspended });
    await t.ctx.db.update(users).set({ suspendedAt: t.clock.now() }).where(eq(users.id, suspended.id));
    const refused = await failure(
      saveDeviceCheck(t.ctx, { actor: null, input: { ...aCheck(t), link: before.token } }),
    );
    expect(said(refused).fields.link?.ja).toBe(
      "このQRコードは使えません。出品または買取申込みの画面で、QRコードを表示し直してください",
    );
  });

  it("keeps at most 20 reports a member in an hour, and stores nothing past that", async () => {
    const member = await makeMember(t.ctx);
    for (let i = 0; i < 20; i++) await saveDeviceCheck(t.ctx, { actor: member, input: aCheck(t) });
    expect((await failure(saveDeviceCheck(t.ctx, { actor: member, input: aCheck(t) }))).code).toBe(
      "RATE_LIMITED",
    );
    const kept = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceChecks)
      .where(eq(deviceChecks.memberId, member.id));
    expect(kept).toEqual([{ n: 20 }]);
    t.clock.advance(3600_000);
    expect((await saveDeviceCheck(t.ctx, { actor: member, input: aCheck(t) })).standing).toBe("genuine");
  });

  it("refuses a malformed result, and a check finished on another device unless the member confirms it", async () => {
    const member = await makeMember(t.ctx);
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deviceChecks);
    const bad = { ...aCheck(t), tests: { touch: "maybe" } };
    expect((await failure(saveDeviceCheck(t.ctx, { actor: member, input: bad }))).code).toBe("VALIDATION");
    // Each part of the result is named in words, never by its field's name.
    const { displayDefects: _, startedAt: __, ...partial } = aCheck(t);
    const missing = said(await failure(saveDeviceCheck(t.ctx, { actor: member, input: partial })));
    expect(missing.fields.displayDefects?.ja).toContain("画面の不具合");
    expect(missing.fields.startedAt?.en).toContain("Start time");
    const moved = aCheck(t, { deviceKeys: { started: "device-key-one", finished: "device-key-two" } });
    const error = await failure(saveDeviceCheck(t.ctx, { actor: member, input: moved }));
    expect(said(error).fields.otherDeviceConfirmed?.ja).toContain("別の端末");
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deviceChecks);
    expect(after).toEqual(before);
    const confirmed = await saveDeviceCheck(t.ctx, {
      actor: member,
      input: { ...moved, otherDeviceConfirmed: true },
    });
    expect(confirmed.finishedOnOtherDevice).toBe(true);
  });

  it("puts a report on its member's listing, signed again for it; the public sees it once the listing is public", async () => {
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const report = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    // Not on a listing yet: its member's only.
    expect((await failure(getDeviceCheck(t.ctx, { reportId: report.id, viewer: null }))).code).toBe(
      "NOT_FOUND",
    );
    const [before] = await t.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, report.id));

    const attached = await attachDeviceCheck(t.ctx, {
      actor: seller,
      itemId,
      input: { reportId: report.id },
    });
    expect(attached.itemId).toBe(itemId);
    expect(attached.standing).toBe("genuine");
    const [after] = await t.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, report.id));
    expect(after!.subject).toBe(`item:${itemId}`);
    expect(after!.signature).not.toBe(before!.signature);
    const seen = await getDeviceCheck(t.ctx, { reportId: report.id, viewer: null });
    expect(seen.counts.fail).toBe(1);

    // A newer report takes its place; the earlier one goes back to its member.
    const newer = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    await attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: newer.id } });
    const earlier = await getDeviceCheck(t.ctx, { reportId: report.id, viewer: seller });
    expect(earlier.itemId).toBeNull();
    expect(earlier.standing).toBe("genuine");
    expect((await failure(getDeviceCheck(t.ctx, { reportId: report.id, viewer: null }))).code).toBe(
      "NOT_FOUND",
    );

    // On another listing of the same member it is refused while it is on this one.
    const second = await listItem(t.ctx, seller);
    const taken = await failure(
      attachDeviceCheck(t.ctx, { actor: seller, itemId: second, input: { reportId: newer.id } }),
    );
    expect(taken.code).toBe("CONFLICT");
  });

  it("refuses another member's listing or report (403), and an altered or expired report, leaving the listing as it was", async () => {
    const seller = await makeMember(t.ctx);
    const stranger = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const mine = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    const theirs = await saveDeviceCheck(t.ctx, { actor: stranger, input: aCheck(t) });

    const onTheirListing = await failure(
      attachDeviceCheck(t.ctx, { actor: stranger, itemId, input: { reportId: theirs.id } }),
    );
    expect(onTheirListing.code).toBe("FORBIDDEN");
    const foreign = await failure(
      attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: theirs.id } }),
    );
    expect(foreign.code).toBe("FORBIDDEN");
    expect(said(foreign).message.ja).toBe("ほかの会員の動作チェックの結果は使えません");

    // Someone changes a failed test to a pass in the stored result: the signature no longer holds.
    await t.ctx.db
      .update(deviceChecks)
      .set({ result: sql`jsonb_set(${deviceChecks.result}, '{tests,backCamera}', '"pass"')` })
      .where(eq(deviceChecks.publicId, mine.id));
    expect((await getDeviceCheck(t.ctx, { reportId: mine.id, viewer: seller })).standing).toBe("tampered");
    const tampered = await failure(
      attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: mine.id } }),
    );
    expect(said(tampered).fields.reportId?.ja).toBe(
      "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
    );

    const fresh = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    t.clock.advance(30 * 24 * 3600_000);
    const expired = await failure(
      attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: fresh.id } }),
    );
    expect(said(expired).fields.reportId?.en).toBe(
      "This device check report has expired (reports are valid for 30 days). Please run the check again",
    );
    const onListing = await t.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.itemId, itemId));
    expect(onListing).toEqual([]);
  });
  it("tells the listing form why a report cannot go on a listing before anything is saved, and shows a listing's report", async () => {
    const seller = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const mine = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    await expect(
      assertAttachable(t.ctx, { actor: seller, input: { reportId: mine.id } }),
    ).resolves.toBeUndefined();
    expect(
      (await failure(assertAttachable(t.ctx, { actor: other, input: { reportId: mine.id } }))).code,
    ).toBe("FORBIDDEN");
    expect(
      said(await failure(assertAttachable(t.ctx, { actor: seller, input: { reportId: "2345678923" } })))
        .fields.reportId?.ja,
    ).toBe("この動作チェックの結果は見つかりません");
    const itemId = await listItem(t.ctx, seller);
    expect(await deviceCheckOfItem(t.ctx, { itemId })).toBeNull();
    await attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: mine.id } });
    expect((await deviceCheckOfItem(t.ctx, { itemId }))?.id).toBe(mine.id);
    // On a listing, it is no longer free for a new one.
    expect(
      (await failure(assertAttachable(t.ctx, { actor: seller, input: { reportId: mine.id } }))).code,
    ).toBe("CONFLICT");
    t.clock.advance(31 * 24 * 3600_000);
    const late = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    t.clock.advance(31 * 24 * 3600_000);
    expect(
      said(await failure(assertAttachable(t.ctx, { actor: seller, input: { reportId: late.id } }))).fields
        .reportId?.ja,
    ).toBe("この動作チェックの結果は有効期限（30日）が切れています。もう一度チェックしてください");
    expect((await deviceCheckOfItem(t.ctx, { itemId }))?.standing).toBe("expired");
  });
  it("tells the saved searches for self-checked listings of a listing on sale once a report is put on it", async () => {
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller, { title: "ザウルス SL-C860 通知テスト" });
    const member = await makeMember(t.ctx);
    await saveSearch(t.ctx, { actor: member, params: new URLSearchParams("keyword=SL-C860&checked=1") });
    // Published without a report: nothing for this search.
    expect(await notifySavedSearches(t.ctx, { itemId })).toBe(0);
    const report = await saveDeviceCheck(t.ctx, { actor: seller, input: aCheck(t) });
    await attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: report.id } });
    const [queued] = await t.ctx.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.uniqueKey, `saved-searches:${itemId}:check:${report.id}`));
    expect(queued?.payload).toEqual({ itemId });
    expect(await notifySavedSearches(t.ctx, { itemId })).toBe(1);
    expect(await notifySavedSearches(t.ctx, { itemId })).toBe(0);
  });
});

describe("what the browser says against the claimed model", () => {
  const base = (device: Partial<CheckResult["device"]>, claimed: CheckResult["claimed"]) =>
    ({
      device: {
        platform: null,
        model: null,
        mobile: true,
        userAgent: IPHONE_UA,
        screen: { width: 1, height: 1, pixelRatio: 1 },
        ...device,
      },
      claimed,
    }) as CheckResult;

  it("flags an iPhone claimed on an Android browser, and a model the browser names otherwise", () => {
    expect(claimMismatch(base({}, { brandCode: "00001", model: "iPhone 13" }))).toBe(false);
    expect(claimMismatch(base({ userAgent: PIXEL_UA }, { brandCode: "00001", model: "iPhone 13" }))).toBe(
      true,
    );
    expect(claimMismatch(base({}, { brandCode: "00005", model: "Pixel 7" }))).toBe(true);
    expect(
      claimMismatch(
        base({ userAgent: PIXEL_UA, model: "Pixel 7" }, { brandCode: "00005", model: "Google Pixel 7" }),
      ),
    ).toBe(false);
    expect(
      claimMismatch(
        base({ userAgent: PIXEL_UA, model: "Pixel 6a" }, { brandCode: "00005", model: "Pixel 7" }),
      ),
    ).toBe(true);
    expect(claimMismatch(base({}, { brandCode: null, model: null }))).toBe(false);
  });
  it("proposes the listing's defects from the tests that failed and the display problems marked", () => {
    const result = finishedCheck(new Date());
    expect(proposedDefects(result).sort()).toEqual(["camera_faulty", "display_faulty"]);
    const clean = finishedCheck(new Date(), { displayDefects: [] });
    clean.tests.backCamera = "pass";
    expect(proposedDefects(clean)).toEqual([]);
    clean.tests.touch = "fail";
    clean.tests.speaker = "fail";
    clean.tests.motion = "fail";
    expect(proposedDefects(clean).sort()).toEqual(["audio_faulty", "touch_faulty"]);
  });
});
