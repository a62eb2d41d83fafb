import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachDeviceCheck } from "#core/checks/attach-device-check.ts";
import { REPORT_VALID_DAYS } from "#core/checks/report.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { finishedCheck } from "#tests/helpers/checks.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardsByIds } from "./item-card.ts";
import { saveSearch } from "./save-search.ts";
import { matchingSavedSearches } from "./saved-searches.ts";
import { countMatches, searchItems } from "./search-items.ts";
import { isEmptyQuery, searchParamsOf } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";
import { noResultHelp } from "./search-suggestions.ts";

const DAY = 24 * 3600_000;
const query = (params: string) => searchQueryFromParams(new URLSearchParams(params));

describe.each(ENGINES)("the self-checked filter (動作チェック済み) on %s", (engine) => {
  let t: TestCore;
  let seller: SessionUser;
  /** A listing whose report ran out, one whose report is in date, one in date of another condition, one without. */
  let expired: number;
  let inDate: number;
  let inDateUsed: number;
  let without: number;

  /** Puts a report made now on the seller's listing. */
  const check = async (itemId: number) => {
    const report = await saveDeviceCheck(t.ctx, { actor: seller, input: finishedCheck(t.clock.now()) });
    await attachDeviceCheck(t.ctx, { actor: seller, itemId, input: { reportId: report.id } });
  };
  const find = async (params: string) =>
    new Set((await searchItems(t.ctx, { query: query(params), limit: 100 })).items.map((i) => i.id));

  beforeAll(async () => {
    t = await createTestCore(engine);
    seller = await makeMember(t.ctx);
    expired = await listItem(t.ctx, seller, { title: "ザウルス SL-C3000 期限切れ" });
    await check(expired);
    t.clock.advance((REPORT_VALID_DAYS + 1) * DAY);
    inDate = await listItem(t.ctx, seller, { title: "ザウルス SL-C1000 チェック済み" });
    await check(inDate);
    inDateUsed = await listItem(t.ctx, seller, { title: "ザウルス SL-C3200 中古", condition: "USED" });
    await check(inDateUsed);
    without = await listItem(t.ctx, seller, { title: "ザウルス MI-E1 チェックなし" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("finds only listings whose report is in date, with or without a keyword, and counts them", async () => {
    expect(await find("keyword=ザウルス")).toEqual(new Set([expired, inDate, inDateUsed, without]));
    expect(await find("keyword=ザウルス&checked=1")).toEqual(new Set([inDate, inDateUsed]));
    expect(await find("checked=1")).toEqual(new Set([inDate, inDateUsed]));
    for (const sort of ["new", "price_asc", "price_desc", "likes"]) {
      expect(await find(`keyword=ザウルス&checked=1&sort=${sort}`), sort).toEqual(
        new Set([inDate, inDateUsed]),
      );
    }
    const page = await searchItems(t.ctx, { query: query("keyword=ザウルス&checked=1"), count: true });
    expect(page).toMatchObject({ count: 2, countCapped: false });
    expect(await countMatches(t.ctx, query("checked=1"))).toEqual({ count: 2, countCapped: false });
    expect(await countMatches(t.ctx, query("keyword=ザウルス&checked=1"))).toEqual({
      count: 2,
      countCapped: false,
    });
  });

  it("combines with the other filters", async () => {
    expect(await find("keyword=ザウルス&checked=1&condition=USED")).toEqual(new Set([inDateUsed]));
    expect(await find("checked=1&condition=DEFECTIVE")).toEqual(new Set([inDate]));
    expect(await find("checked=1&condition=USED&status=on_sale")).toEqual(new Set([inDateUsed]));
    expect(await find("checked=1&status=sold")).toEqual(new Set());
  });

  it("marks the cards of listings whose report is in date", async () => {
    const cards = await cardsByIds(t.ctx, [expired, inDate, without]);
    expect(cards.map((c) => [c.id, c.checked])).toEqual([
      [expired, false],
      [inDate, true],
      [without, false],
    ]);
    const found = (await searchItems(t.ctx, { query: query("keyword=ザウルス") })).items;
    expect(found.filter((c) => c.checked).map((c) => c.id)).toEqual(
      expect.arrayContaining([inDate, inDateUsed]),
    );
    expect(found.filter((c) => c.checked)).toHaveLength(2);
  });

  it("is `checked=1` in links and saved searches; what it cannot read is dropped", async () => {
    expect(searchParamsOf(query("checked=true&keyword=ザウルス")).toString()).toBe(
      "checked=1&keyword=%E3%82%B6%E3%82%A6%E3%83%AB%E3%82%B9",
    );
    expect(query("checked=1").checked).toBe(true);
    for (const other of ["checked=0", "checked=yes", "checked=", "checked=false", ""]) {
      expect(query(other).checked, other).toBe(false);
    }
    expect(searchParamsOf(query("checked=0")).toString()).toBe("");
    expect(isEmptyQuery(query("checked=1"))).toBe(false);

    // A saved search asking for self-checked listings hears only of them.
    const member = await makeMember(t.ctx);
    const saved = await saveSearch(t.ctx, {
      actor: member,
      params: new URLSearchParams("keyword=ザウルス&checked=1"),
    });
    expect(new URLSearchParams(saved.query).get("checked")).toBe("1");
    const matches = async (itemId: number) =>
      (await matchingSavedSearches(t.ctx, { itemId, sellerId: seller.id })).some((s) => s.id === saved.id);
    expect(await matches(inDate)).toBe(true);
    expect(await matches(expired)).toBe(false);
    expect(await matches(without)).toBe(false);
    // Without the filter, every listing of the keyword is news.
    const any = await saveSearch(t.ctx, { actor: member, params: new URLSearchParams("keyword=ザウルス") });
    const all = await matchingSavedSearches(t.ctx, { itemId: without, sellerId: seller.id });
    expect(all.map((s) => s.id)).toContain(any.id);
  });

  it("offers to drop the filter when nothing self-checked matches", async () => {
    const q = query("keyword=ザウルス&checked=1&condition=UNUSABLE");
    expect((await searchItems(t.ctx, { query: q })).items).toEqual([]);
    const help = await noResultHelp(t.ctx, q);
    expect(help.dropFilters.find((d) => d.param === "checked")).toBeUndefined();
    const onlyChecked = await noResultHelp(t.ctx, query("keyword=チェックなし&checked=1"));
    expect(onlyChecked.dropFilters).toEqual([
      expect.objectContaining({ param: "checked", count: 1, countCapped: false }),
    ]);
  });

  it("stops finding a listing once its report's 30 days are over", async () => {
    t.clock.advance(REPORT_VALID_DAYS * DAY);
    expect(await find("keyword=ザウルス&checked=1")).toEqual(new Set());
    expect(await find("checked=1")).toEqual(new Set());
    expect(await countMatches(t.ctx, query("checked=1"))).toEqual({ count: 0, countCapped: false });
    expect((await cardsByIds(t.ctx, [inDate]))[0]!.checked).toBe(false);
  });
});
