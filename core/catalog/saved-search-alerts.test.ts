import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceModels, items, jobs, notifications } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { savedSearchesWithNews } from "./list-saved-searches.ts";
import { saveSearch } from "./save-search.ts";
import { markSavedSearchSeen, setSavedSearchAlert } from "./saved-search-alerts.ts";
import { notifySavedSearches } from "./saved-searches.ts";
import { searchItems } from "./search-items.ts";
import { searchParamsOf } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";

const HOUR = 3_600_000;

describe.each(ENGINES)("model and postage filters, saved-search alerts on %s", (engine) => {
  let t: TestCore;
  let iphone13: number;
  let iphone13Pro: number;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
    const models = await t.ctx.db.select().from(deviceModels);
    iphone13 = models.find((m) => m.name === "iPhone 13")!.id;
    iphone13Pro = models.find((m) => m.name === "iPhone 13 Pro")!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const find = async (params: string) =>
    (
      await searchItems(t.ctx, { query: searchQueryFromParams(new URLSearchParams(params)), limit: 100 })
    ).items.map((i) => i.id);

  it("filters by model and by who pays the postage, with and without a keyword", async () => {
    const seller = await makeMember(t.ctx);
    const plain = await listItem(t.ctx, seller, {
      title: "アイフォン13 ジャンク 送料込み",
      modelId: String(iphone13),
    });
    const arrival = await listItem(t.ctx, seller, {
      title: "アイフォン13 ジャンク 着払い",
      modelId: String(iphone13),
      postage: "ARRIVAL",
    });
    const pro = await listItem(t.ctx, seller, {
      title: "アイフォン13 Pro ジャンク",
      modelId: String(iphone13Pro),
      postage: "ARRIVAL",
    });
    const m13 = `model=${iphone13}`;
    expect(new Set(await find(m13))).toEqual(new Set([plain, arrival]));
    expect(await find(`${m13}&postage=ARRIVAL`)).toEqual([arrival]);
    expect(await find(`${m13}&postage=INCLUDED`)).toEqual([plain]);
    expect(await find(`keyword=アイフォン13&postage=ARRIVAL`)).toEqual(
      expect.arrayContaining([arrival, pro]),
    );
    expect(await find(`keyword=アイフォン13&postage=ARRIVAL`)).not.toContain(plain);
    expect(await find(`keyword=あいふぉん13&model=${iphone13Pro}`)).toEqual([pro]);
    // Typed the way people type a model: joined, spaced, full-width, in kana.
    for (const typed of [
      "iphone13 pro",
      "iPhone 13 Pro",
      "ｉＰｈｏｎｅ１３　Ｐｒｏ",
      "あいふぉん１３　ｐｒｏ",
    ]) {
      expect(await find(`keyword=${encodeURIComponent(typed)}&postage=ARRIVAL`), typed).toContain(pro);
    }
    // An unknown payer is dropped, not refused: an old link still shows results.
    expect(searchQueryFromParams(new URLSearchParams("postage=SELLER")).postage).toBeUndefined();
    expect(
      searchParamsOf(searchQueryFromParams(new URLSearchParams(`${m13}&postage=ARRIVAL`))).toString(),
    ).toBe(`model=${iphone13}&postage=ARRIVAL`);
    // A listing whose payer changes is found by its new payer at once.
    await t.ctx.db.update(items).set({ postage: "INCLUDED" }).where(eq(items.id, arrival));
    expect(await find(`${m13}&postage=ARRIVAL`)).toEqual([]);
  });

  it("counts the listings new since a saved search was last opened, and alerts as it is set", async () => {
    const seller = await makeMember(t.ctx);
    const member = await makeMember(t.ctx);
    const saved = await saveSearch(t.ctx, {
      actor: member,
      params: new URLSearchParams("keyword=ザウルス&postage=ARRIVAL"),
    });
    expect(saved.alert).toBe("app");
    t.clock.advance(HOUR);
    await listItem(t.ctx, seller, { title: "ザウルス SL-C3000 着払い", postage: "ARRIVAL" });
    await listItem(t.ctx, seller, { title: "ザウルス SL-C1000 着払い", postage: "ARRIVAL" });
    await listItem(t.ctx, seller, { title: "ザウルス 送料込み", postage: "INCLUDED" });
    const news = async () => (await savedSearchesWithNews(t.ctx, member.id)).find((s) => s.id === saved.id)!;
    expect(await news()).toMatchObject({ newCount: 2, newCapped: false, alert: "app", seenAt: null });

    // Opening it from the saved searches: nothing is new until another listing arrives.
    t.clock.advance(HOUR);
    expect(await markSavedSearchSeen(t.ctx, { actor: member, id: saved.id })).toBe(saved.query);
    expect((await news()).newCount).toBe(0);
    t.clock.advance(HOUR);
    const third = await listItem(t.ctx, seller, { title: "ザウルス MI-E1 着払い", postage: "ARRIVAL" });
    expect((await news()).newCount).toBe(1);
    // The member's own listing is no news to them.
    await listItem(t.ctx, member, { title: "ザウルス SL-B500 着払い", postage: "ARRIVAL" });
    expect((await news()).newCount).toBe(1);

    // By mail: the notice and a mail of it; off: nothing; someone else's search cannot be changed.
    await setSavedSearchAlert(t.ctx, { actor: member, id: saved.id, alert: "mail" });
    await t.ctx.db.delete(notifications).where(eq(notifications.userId, member.id));
    expect(await notifySavedSearches(t.ctx, { itemId: third })).toBe(1);
    const [notice] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, member.id));
    const mails = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, "notify.send-notice-mail"),
          sql`${jobs.payload}->>'notificationId' = ${String(notice!.id)}`,
        ),
      );
    expect(mails).toHaveLength(1);

    await setSavedSearchAlert(t.ctx, { actor: member, id: saved.id, alert: "off" });
    await t.ctx.db.delete(notifications).where(eq(notifications.userId, member.id));
    expect(await notifySavedSearches(t.ctx, { itemId: third })).toBe(0);
    expect((await news()).alert).toBe("off");

    expect(
      (await failure(setSavedSearchAlert(t.ctx, { actor: member, id: saved.id, alert: "loud" }))).code,
    ).toBe("VALIDATION");
    expect(
      (await failure(setSavedSearchAlert(t.ctx, { actor: seller, id: saved.id, alert: "app" }))).code,
    ).toBe("NOT_FOUND");
    expect((await failure(markSavedSearchSeen(t.ctx, { actor: seller, id: saved.id }))).code).toBe(
      "NOT_FOUND",
    );
  });
});
