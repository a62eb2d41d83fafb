import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { jpeg, LISTING, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { renderMessage } from "../shared/i18n/translate.ts";
import { changeItemState } from "./change-item-state.ts";
import { claimsNoDefects, type ListingFacts, listingContradictions } from "./listing-contradictions.ts";
import { saveItem } from "./save-item.ts";

const CLEAN: ListingFacts = {
  title: "iPhone 13 128GB ブラック",
  description: "通常使用による小傷があります。",
  condition: "USED",
  defects: [],
  networkRestriction: "○",
  activationLock: "off",
};
const codes = (facts: ListingFacts) => listingContradictions(facts).map((c) => c.code);

describe("claimsNoDefects", () => {
  it("reads 中古 with no defect ticked as a claim that nothing is wrong", () => {
    expect(claimsNoDefects(CLEAN)).toBe(true);
    expect(claimsNoDefects({ ...CLEAN, defects: ["battery_swollen"] })).toBe(false);
  });

  it.each(["美品です", "不具合なし", "不具合はありません", "動作良好", "完動品", "Like new, no defects"])(
    "reads %j in the title or description as the same claim",
    (words) => {
      expect(claimsNoDefects({ ...CLEAN, defects: ["screen_cracked"], description: words })).toBe(true);
      expect(claimsNoDefects({ title: words })).toBe(true);
    },
  );

  it("never reads a claim into a listing marked faulty, unusable or unchecked", () => {
    for (const condition of ["DEFECTIVE", "UNUSABLE", "UNCONFIRMED"]) {
      expect(claimsNoDefects({ ...CLEAN, condition, title: "外装は美品です" })).toBe(false);
    }
    expect(claimsNoDefects({})).toBe(false);
  });
});

describe("listingContradictions", () => {
  it("finds nothing in a consistent listing", () => {
    expect(codes(CLEAN)).toEqual([]);
    expect(codes({ ...CLEAN, networkRestriction: "△", activationLock: "unknown" })).toEqual([]);
    // Honest junk: restricted and locked, and says so.
    expect(codes({ ...CLEAN, condition: "UNUSABLE", networkRestriction: "×", activationLock: "on" })).toEqual(
      [],
    );
  });

  it("finds a device without defects whose network use is restricted (×)", () => {
    expect(codes({ ...CLEAN, networkRestriction: "×" })).toEqual(["networkRestricted"]);
  });

  it("finds a device without defects whose activation lock is on", () => {
    expect(codes({ ...CLEAN, activationLock: "on" })).toEqual(["activationLocked"]);
    expect(codes({ ...CLEAN, networkRestriction: "×", activationLock: "on" })).toEqual([
      "networkRestricted",
      "activationLocked",
    ]);
  });

  it("says what is wrong in both languages", () => {
    const [found] = listingContradictions({ ...CLEAN, activationLock: "on" });
    expect(renderMessage(found!.message, "ja")).toContain("アクティベーションロックがかかっています");
    expect(renderMessage(found!.message, "en")).toContain("activation lock is on");
  });
});

describe.each(ENGINES)("listing a device whose facts contradict each other, on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const LOCKED_BUT_CLEAN = {
    ...LISTING,
    title: "iPhone 13 128GB 美品",
    description: "不具合なし。",
    condition: "USED",
    defects: [],
    activationLock: "on",
  };

  it("is refused until the seller confirms it, and saved as a draft meanwhile", async () => {
    const seller = await makeMember(t.ctx);
    const photos = [{ bytes: await jpeg() }];
    const refused = await failure(
      saveItem(t.ctx, { actor: seller, input: LOCKED_BUT_CLEAN, photos, publish: true }),
    );
    expect(said(refused).fields.confirmContradictions).toEqual({
      ja: "内容を見直すか、「このまま出品します」にチェックを入れてください",
      en: "Correct the details, or tick “List it as it is”",
    });
    // A draft is the seller's own notes: no confirmation needed.
    const draft = await saveItem(t.ctx, { actor: seller, input: LOCKED_BUT_CLEAN, photos, publish: false });
    expect(draft.state).toBe("DRAFT");
    // Publishing the draft from its page sends the seller to the form, where the warning is shown.
    const fromPage = await failure(
      changeItemState(t.ctx, { actor: seller, itemId: draft.id, action: "publish" }),
    );
    expect(said(fromPage).message.ja).toBe(
      "出品内容に食い違いがあります。「商品の編集」で内容を確認してから出品してください",
    );
    const listed = await saveItem(t.ctx, {
      actor: seller,
      itemId: draft.id,
      input: LOCKED_BUT_CLEAN,
      photos,
      publish: true,
      confirmContradictions: true,
    });
    expect(listed.state).toBe("SALE");
  });

  it("lists at once when the facts agree", async () => {
    const seller = await makeMember(t.ctx);
    const honest = {
      ...LOCKED_BUT_CLEAN,
      condition: "UNUSABLE",
      title: "iPhone 13 ロックあり ジャンク",
      description: "",
    };
    const listed = await saveItem(t.ctx, {
      actor: seller,
      input: honest,
      photos: [{ bytes: await jpeg() }],
      publish: true,
    });
    expect(listed.state).toBe("SALE");
  });
});
