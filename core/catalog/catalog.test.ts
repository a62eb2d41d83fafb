import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPhotos, itemSearch, items, notifications, savedSearches } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { jpeg, LISTING, listItem, makeMember, makeOperator, verifyIdentity } from "#tests/helpers/catalog.ts";
import { finishedCheck } from "#tests/helpers/checks.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { attachDeviceCheck } from "../checks/attach-device-check.ts";
import { saveDeviceCheck } from "../checks/save-device-check.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { blockUser } from "../social/blocks.ts";
import { likeItem } from "../social/likes.ts";
import { changeItemState } from "./change-item-state.ts";
import { deleteItem } from "./delete-item.ts";
import { getItem } from "./get-item.ts";
import { newForLatestSavedSearch } from "./list-saved-searches.ts";
import { indexUnsearchableItems } from "./reindex-search.ts";
import { saveItem } from "./save-item.ts";
import { saveSearch } from "./save-search.ts";
import {
  notifySavedSearches,
  notifySavedSearchesHandler,
  savedSearchCandidates,
  savedSearchKey,
  savedSearchTokens,
} from "./saved-searches.ts";
import { searchItems } from "./search-items.ts";
import { parseSearchQuery, searchQueryFromParams } from "./search-query.ts";

const search = (t: TestCore, raw: Record<string, unknown>) =>
  searchItems(t.ctx, { query: parseSearchQuery(raw) });
const ids = (r: { items: { id: number }[] }) => r.items.map((i) => i.id);

describe.each(ENGINES)("catalogue on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("saves a draft with only a title, and publishes only a complete listing with a photo", async () => {
    const seller = await makeMember(t.ctx);
    const draft = await saveItem(t.ctx, { actor: seller, input: { title: "下書きのPixel" }, publish: false });
    expect(draft.state).toBe("DRAFT");
    const incomplete = await failure(
      changeItemState(t.ctx, { actor: seller, itemId: draft.id, action: "publish" }),
    );
    expect(said(incomplete).fields.price?.ja).toBe("販売価格を入力してください");
    expect(said(incomplete).fields.condition?.en).toBe("Please select an option for Condition");
    const noPhoto = await failure(
      saveItem(t.ctx, { actor: seller, itemId: draft.id, input: LISTING, publish: true }),
    );
    expect(said(noPhoto).fields.photos?.ja).toBe("商品画像を1枚以上登録してください");
    const published = await saveItem(t.ctx, {
      actor: seller,
      itemId: draft.id,
      input: LISTING,
      photos: [{ bytes: await jpeg() }, { bytes: await jpeg() }],
      publish: true,
    });
    expect(published.state).toBe("SALE");
    const detail = await getItem(t.ctx, { itemId: draft.id, viewerId: null });
    expect(detail.photos).toHaveLength(2);
    expect(detail.publishedAt).not.toBeNull();
  });

  it("shows a listing with its photos in order, its seller and what the viewer has to do with it", async () => {
    const seller = await makeMember(t.ctx);
    const { id } = await saveItem(t.ctx, {
      actor: seller,
      input: LISTING,
      photos: [{ bytes: await jpeg() }, { bytes: await jpeg() }, { bytes: await jpeg() }],
      publish: true,
    });
    await listItem(t.ctx, seller);
    await saveItem(t.ctx, { actor: seller, input: { title: "下書き" }, publish: false });
    const fan = await makeMember(t.ctx);
    const shunned = await makeMember(t.ctx);
    await likeItem(t.ctx, { actor: fan, itemId: id });
    await blockUser(t.ctx, { actor: seller, userId: shunned.id });
    const stored = await t.ctx.db
      .select({ id: itemPhotos.id })
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, id))
      .orderBy(itemPhotos.position);

    const asVisitor = await getItem(t.ctx, { itemId: id, viewerId: null });
    expect(asVisitor.photos.map((p) => p.id)).toEqual(stored.map((p) => p.id));
    expect(asVisitor.photos[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(asVisitor.photos[0]!.thumbUrl).toMatch(/-thumb\.webp$/);
    // The draft is not for sale: two listings count.
    expect(asVisitor.seller).toMatchObject({ id: seller.id, nickname: seller.nickname, listingCount: 2 });
    expect(asVisitor.viewer).toMatchObject({ isSeller: false, liked: false, blockedBySeller: false });
    expect((await getItem(t.ctx, { itemId: id, viewerId: fan.id })).viewer).toMatchObject({
      liked: true,
      blockedBySeller: false,
    });
    expect((await getItem(t.ctx, { itemId: id, viewerId: shunned.id })).viewer).toMatchObject({
      liked: false,
      blockedBySeller: true,
    });
    expect((await getItem(t.ctx, { itemId: id, viewerId: seller.id })).viewer).toMatchObject({
      isSeller: true,
      blockedBySeller: false,
      canEdit: true,
    });
    expect((await failure(getItem(t.ctx, { itemId: id + 1_000_000, viewerId: null }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("lets a new member keep drafts, asks for the seller setup to publish, and never lets a business buyer or an operator list", async () => {
    const newcomer = await makeMember(t.ctx, { sellerSetup: false });
    // Writing comes first: a draft needs no setup, publishing it does.
    const draft = await saveItem(t.ctx, {
      actor: newcomer,
      input: LISTING,
      photos: [{ bytes: await jpeg() }],
      publish: false,
    });
    expect(draft.state).toBe("DRAFT");
    const unpublished = await failure(
      changeItemState(t.ctx, { actor: newcomer, itemId: draft.id, action: "publish" }),
    );
    expect([unpublished.code, said(unpublished).message.ja]).toEqual([
      "FORBIDDEN",
      "出品するには、先に住所と売上金の振込先を登録してください",
    ]);
    const business = { ...(await makeMember(t.ctx)), role: "business" as const };
    const operator = await makeOperator(t.ctx);
    const save = async (actor: typeof newcomer) =>
      failure(saveItem(t.ctx, { actor, input: LISTING, photos: [{ bytes: await jpeg() }], publish: true }));
    expect(said(await save(newcomer)).message.ja).toBe(
      "出品するには、先に住所と売上金の振込先を登録してください",
    );
    for (const actor of [business, operator]) {
      const refused = await save(actor);
      expect([refused.code, said(refused).message.en]).toEqual([
        "FORBIDDEN",
        "Only members can list items; business and staff accounts cannot",
      ]);
    }
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    // A seller whose account became a business one can no longer change the listing's state.
    const changed = await failure(
      changeItemState(t.ctx, { actor: { ...seller, role: "business" }, itemId, action: "stop_selling" }),
    );
    expect(changed.code).toBe("FORBIDDEN");
  });

  it("applies the price rules of §9", async () => {
    const seller = await makeMember(t.ctx);
    const photos = [{ bytes: await jpeg() }];
    const low = await failure(
      saveItem(t.ctx, { actor: seller, input: { ...LISTING, price: "49" }, photos, publish: true }),
    );
    expect(said(low).fields.price?.ja).toBe("販売価格は50以上で入力してください");
    const high = await failure(
      saveItem(t.ctx, { actor: seller, input: { ...LISTING, price: "10000000" }, photos, publish: true }),
    );
    expect(said(high).fields.price?.en).toBe("Price must be 9,999,999 or less");
    const courier = await failure(
      saveItem(t.ctx, {
        actor: seller,
        input: { ...LISTING, price: "999", shippingMethod: "10" },
        photos,
        publish: true,
      }),
    );
    expect(said(courier).fields.price?.ja).toBe("Tsugu便で発送する場合は1,000円以上に設定してください");
    const unverified = await failure(
      saveItem(t.ctx, { actor: seller, input: { ...LISTING, price: "50000" }, photos, publish: true }),
    );
    expect(said(unverified).fields.price?.ja).toBe("50,000円以上で出品するには本人確認が必要です");
    await saveItem(t.ctx, { actor: seller, input: { ...LISTING, price: "49999" }, photos, publish: true });
    await verifyIdentity(t.ctx, seller.id);
    await saveItem(t.ctx, {
      actor: seller,
      input: { ...LISTING, price: "１２０，０００" },
      photos,
      publish: true,
    });
  });

  it("checks the IMEI, fills brand and model from its TAC and hides it from others", async () => {
    const seller = await makeMember(t.ctx);
    const bad = await failure(
      saveItem(t.ctx, {
        actor: seller,
        input: { ...LISTING, imei: "990001010000001" },
        photos: [{ bytes: await jpeg() }],
        publish: true,
      }),
    );
    expect(said(bad).fields.imei?.ja).toBe("IMEIを正しく入力してください");
    // 99000101 is the demo TAC of the iPhone 13; the last digit is the Luhn check digit.
    const id = await listItem(t.ctx, seller, {
      brandCode: "",
      imei: "990001010000008",
      title: "IMEIだけ入力",
    });
    const own = await getItem(t.ctx, { itemId: id, viewerId: seller.id });
    expect(own.modelName).toBe("iPhone 13");
    expect(own.brandCode).toBe("00001");
    expect(own.imei).toBe("990001010000008");
    const other = await getItem(t.ctx, { itemId: id, viewerId: null });
    expect(other.imei).toBe("99000101•••••••");
  });

  it("lets only the seller see drafts and private listings, and edit or delete their own", async () => {
    const seller = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const id = await listItem(t.ctx, seller);
    const edit = await failure(saveItem(t.ctx, { actor: other, itemId: id, input: LISTING, publish: true }));
    expect(edit.code).toBe("FORBIDDEN");
    await changeItemState(t.ctx, { actor: seller, itemId: id, action: "make_private" });
    expect((await failure(getItem(t.ctx, { itemId: id, viewerId: other.id }))).code).toBe("NOT_FOUND");
    expect((await getItem(t.ctx, { itemId: id, viewerId: seller.id })).state).toBe("PRIVATE");
    await changeItemState(t.ctx, { actor: seller, itemId: id, action: "publish" });
    await changeItemState(t.ctx, { actor: seller, itemId: id, action: "stop_selling" });
    expect((await getItem(t.ctx, { itemId: id, viewerId: other.id })).state).toBe("DISABLED");
    expect((await failure(deleteItem(t.ctx, { actor: other, itemId: id }))).code).toBe("FORBIDDEN");
    const keys = await t.ctx.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, id));
    await deleteItem(t.ctx, { actor: seller, itemId: id });
    expect(await t.ctx.db.select().from(items).where(eq(items.id, id))).toHaveLength(0);
    expect(await t.ctx.blobs.get(`${keys[0]!.key}-thumb.webp`)).toBeNull();
  });

  it("finds listings by 1- and 2-character Japanese terms, across width and kana", async () => {
    const seller = await makeMember(t.ctx);
    const glass = await listItem(t.ctx, seller, {
      title: "Pixel 7a 背面ガラス割れ 黒",
      brandCode: "00005",
      description: "",
    });
    const water = await listItem(t.ctx, seller, {
      title: "ＸＰＥＲＩＡ　10 V すいぼつ",
      brandCode: "00002",
      description: "",
    });
    expect(ids(await search(t, { keyword: "割れ" }))).toContain(glass);
    expect(ids(await search(t, { keyword: "黒" }))).toContain(glass);
    expect(ids(await search(t, { keyword: "xperia" }))).toContain(water);
    expect(ids(await search(t, { keyword: "エクスペリア" }))).toContain(water);
    expect(ids(await search(t, { keyword: "スイボツ" }))).toContain(water);
    expect(ids(await search(t, { keyword: "ガラス割れ pixel" }))).toEqual([glass]);
    expect(ids(await search(t, { keyword: "ガラス 水没なし" }))).toEqual([]);
  });

  it("filters by every device fact and by defects present or absent", async () => {
    const seller = await makeMember(t.ctx);
    const tag = `フィルタ${Date.now() % 1000}`;
    const cracked = await listItem(t.ctx, seller, {
      title: `${tag} A`,
      defects: ["screen_cracked", "battery_swollen"],
      batteryHealth: "70",
      carrier: "docomo",
      networkRestriction: "△",
      activationLock: "on",
      color: "white",
      storageGb: "64",
      price: "3000",
      condition: "UNUSABLE",
    });
    const clean = await listItem(t.ctx, seller, {
      title: `${tag} B`,
      defects: [],
      batteryHealth: "95",
      carrier: "simfree",
      networkRestriction: "○",
      activationLock: "off",
      color: "black",
      storageGb: "256",
      price: "30000",
      condition: "USED",
    });
    // A keyword search answers from the search rows, a search without one from the listings: both
    // must apply every filter the same way.
    const only = async (raw: Record<string, unknown>) => {
      const withKeyword = ids(await search(t, { keyword: tag, ...raw }));
      const everything = await searchItems(t.ctx, { query: parseSearchQuery(raw), limit: 100 });
      expect(ids(everything).filter((id) => id === cracked || id === clean)).toEqual(withKeyword);
      return withKeyword;
    };
    expect(await only({ defects: ["screen_cracked"] })).toEqual([cracked]);
    expect(await only({ noDefects: ["screen_cracked"] })).toEqual([clean]);
    expect(await only({ batteryMin: "90" })).toEqual([clean]);
    expect(await only({ carrier: ["docomo"] })).toEqual([cracked]);
    expect(await only({ networkRestriction: ["○"] })).toEqual([clean]);
    expect(await only({ activationLock: ["on"] })).toEqual([cracked]);
    expect(await only({ color: ["white"] })).toEqual([cracked]);
    expect(await only({ storage: ["256"] })).toEqual([clean]);
    expect(await only({ condition: ["UNUSABLE", "DEFECTIVE"] })).toEqual([cracked]);
    expect(await only({ priceMin: "10000", priceMax: "50000" })).toEqual([clean]);
    expect(await only({ sort: "price_asc" })).toEqual([cracked, clean]);
    expect(await only({ sort: "price_desc" })).toEqual([clean, cracked]);
    // A self-check report in date on one of them (動作チェック済み).
    expect(await only({ checked: "1" })).toEqual([]);
    const report = await saveDeviceCheck(t.ctx, { actor: seller, input: finishedCheck(t.clock.now()) });
    await attachDeviceCheck(t.ctx, { actor: seller, itemId: clean, input: { reportId: report.id } });
    expect(await only({ checked: "1" })).toEqual([clean]);
    expect(await only({ checked: "1", condition: ["UNUSABLE"] })).toEqual([]);
  });

  it("keeps a listing's search row in step with its state, price, facts and likes", async () => {
    const seller = await makeMember(t.ctx);
    const fan = await makeMember(t.ctx);
    const tag = `追従${Date.now() % 1000}`;
    const first = await listItem(t.ctx, seller, { title: `${tag} 1`, price: "2000", defects: [] });
    const second = await listItem(t.ctx, seller, { title: `${tag} 2`, price: "3000", defects: [] });
    const found = async (raw: Record<string, unknown> = {}) => ids(await search(t, { keyword: tag, ...raw }));

    await likeItem(t.ctx, { actor: fan, itemId: second });
    expect(await found({ sort: "likes" })).toEqual([second, first]);

    await saveItem(t.ctx, {
      actor: seller,
      itemId: first,
      input: { ...LISTING, title: `${tag} 1`, price: "9000", defects: ["water_damage"] },
      publish: true,
    });
    expect(await found({ priceMin: "5000" })).toEqual([first]);
    expect(await found({ defects: ["water_damage"] })).toEqual([first]);

    await changeItemState(t.ctx, { actor: seller, itemId: first, action: "make_private" });
    expect(await found()).toEqual([second]);
    await changeItemState(t.ctx, { actor: seller, itemId: first, action: "publish" });
    expect(await found({ sort: "price_asc" })).toEqual([second, first]);
  });

  it("pages through results without repeats or gaps", async () => {
    const seller = await makeMember(t.ctx);
    const tag = `ページ${Date.now() % 1000}`;
    const listed: number[] = [];
    for (let i = 0; i < 7; i++)
      listed.push(
        await listItem(t.ctx, seller, { title: `${tag} ${i}`, price: String(1000 + (i % 3) * 100) }),
      );
    for (const sort of ["new", "price_asc", "price_desc"]) {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await searchItems(t.ctx, {
          query: parseSearchQuery({ keyword: tag, sort, cursor }),
          limit: 3,
        });
        seen.push(...ids(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.sort(), sort).toEqual([...listed].sort());
    }
  });

  it("indexes listings that have no keyword index yet", async () => {
    const seller = await makeMember(t.ctx);
    const id = await listItem(t.ctx, seller, { title: "索引のない商品 ZQX" });
    await t.ctx.db.delete(itemSearch).where(eq(itemSearch.itemId, id));
    expect(ids(await search(t, { keyword: "ZQX" }))).toEqual([]);
    expect(await indexUnsearchableItems(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(ids(await search(t, { keyword: "ZQX" }))).toEqual([id]);
  });

  it("reads search pages' parameters leniently", () => {
    const q = searchQueryFromParams(
      new URLSearchParams(
        "keyword=iPhone&defects=screen_cracked&defects=bogus&price_min=abc&sort=nope&storage=128&checked=maybe",
      ),
    );
    expect(q).toMatchObject({
      keyword: "iPhone",
      defects: ["screen_cracked"],
      priceMin: undefined,
      sort: "relevance",
      storage: [128],
      checked: false,
    });
    // `?q=` is read as the keyword (links written by hand or by other sites); keyword wins over it.
    expect(searchQueryFromParams(new URLSearchParams("q=画面割れ"))).toMatchObject({
      keyword: "画面割れ",
      sort: "relevance",
    });
    expect(searchQueryFromParams(new URLSearchParams("q=pixel&keyword=xperia")).keyword).toBe("xperia");
    expect(searchQueryFromParams(new URLSearchParams("q=pixel"))).not.toHaveProperty("q");
  });

  it("tells members whose saved search matches a new listing", async () => {
    const seller = await makeMember(t.ctx);
    const watcher = await makeMember(t.ctx);
    const bystander = await makeMember(t.ctx);
    await saveSearch(t.ctx, {
      actor: watcher,
      params: new URLSearchParams("keyword=トルク&no_defects=water_damage"),
    });
    await saveSearch(t.ctx, {
      actor: bystander,
      params: new URLSearchParams("keyword=トルク&defects=water_damage"),
    });
    const id = await listItem(t.ctx, seller, { title: "TORQUE トルク G06", defects: ["screen_cracked"] });
    // The notices go out from the job queue, after the seller's request; a second run adds none.
    const jobs = createJobRunner({ ctx: t.ctx, handlers: [notifySavedSearchesHandler] });
    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await notifySavedSearches(t.ctx, { itemId: id })).toBe(0);
    const forWatcher = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, watcher.id));
    expect(forWatcher).toHaveLength(1);
    expect(forWatcher[0]!.payload).toMatchObject({ itemId: id });
    expect(
      await t.ctx.db.select().from(notifications).where(eq(notifications.userId, bystander.id)),
    ).toHaveLength(0);
    const empty = await failure(
      saveSearch(t.ctx, { actor: watcher, params: new URLSearchParams("sort=price_asc") }),
    );
    expect(empty.code).toBe("VALIDATION");
  });

  it("shows a member the newest listings on sale for their latest saved search", async () => {
    const seller = await makeMember(t.ctx);
    const member = await makeMember(t.ctx);
    expect(await newForLatestSavedSearch(t.ctx, { userId: member.id, limit: 6 })).toBeNull();
    await saveSearch(t.ctx, { actor: member, params: new URLSearchParams("keyword=ダイナブック") });
    await saveSearch(t.ctx, {
      actor: member,
      params: new URLSearchParams("keyword=リブレット&sort=price_asc"),
    });
    const older = await listItem(t.ctx, seller, { title: "リブレット 旧型 ジャンク" });
    const newer = await listItem(t.ctx, seller, { title: "リブレット 新型 ジャンク" });
    await listItem(t.ctx, seller, { title: "ダイナブック ジャンク" });
    const shown = await newForLatestSavedSearch(t.ctx, { userId: member.id, limit: 6 });
    expect(shown?.keyword).toBe("リブレット");
    // The link to all of them: the same search, on sale, newest first.
    expect(Object.fromEntries(new URLSearchParams(shown!.query))).toEqual({
      keyword: "リブレット",
      sort: "new",
      status: "on_sale",
    });
    expect(shown!.items.map((i) => i.id)).toEqual([newer, older]);
  });

  it("finds the saved searches a new listing may match through the index, not one by one", async () => {
    const seller = await makeMember(t.ctx);
    const others = await makeMember(t.ctx);
    const fan = await makeMember(t.ctx);
    // Two thousand searches for other things, one by model and keyword that fits, one saved before
    // searches had tokens.
    const words = ["galaxy", "xperia", "aquos", "pixel 7a", "ipad", "redmi", "arrows", "basio"];
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const query = `keyword=${encodeURIComponent(`${words[i % words.length]} ${i}`)}`;
      const tokens = savedSearchTokens(searchQueryFromParams(new URLSearchParams(query)));
      return { userId: others.id, query, tokens, keyToken: savedSearchKey(tokens, null) };
    });
    await t.ctx.db.insert(savedSearches).values(rows);
    const fitting = await saveSearch(t.ctx, {
      actor: fan,
      params: new URLSearchParams("keyword=iphone12 ジャンク&status=on_sale"),
    });
    const [legacy] = await t.ctx.db
      .insert(savedSearches)
      .values({ userId: fan.id, query: "keyword=%E6%B0%B4%E6%B2%A1", tokens: null })
      .returning();
    const id = await listItem(t.ctx, seller, {
      title: "iPhone 12 ジャンク 水没",
      description: "水没しました。",
      defects: ["water_damage"],
    });
    const candidates = await savedSearchCandidates(t.ctx, { itemId: id, sellerId: seller.id });
    expect(candidates.map((c) => c.id).sort()).toEqual([fitting.id, legacy!.id].sort());
    expect(await notifySavedSearches(t.ctx, { itemId: id })).toBe(1);
    // The one saved without tokens got them, and is found by the index from now on.
    const [filled] = await t.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, legacy!.id));
    expect(filled!.tokens).toEqual(["水没"]);
    expect(filled!.keyToken).toBe("水没");
    // Keyed on its rarest token: the pair, not the words (without statistics, the longest).
    expect(savedSearchKey(["iphone", "12", "iphone 12", "s:SALE"], null)).toBe("iphone 12");
  });
});
