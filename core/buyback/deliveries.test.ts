import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import {
  auditLog,
  buybackBuyers,
  buybackCompanies,
  buybackDeliveries,
  buybackItemPhotos,
  buybackItems,
  dealerLedger,
  deviceModels,
  journalEntries,
  journalLines,
  ledgerAccounts,
  stateHistory,
  users,
} from "#db/schema/index.ts";
import { addBoughtDevice } from "#tests/helpers/buyback-deliveries.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import { platformAccount } from "../money/ledger/accounts.ts";
import { postEntry } from "../money/ledger/post-entry.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { getBuyerDelivery, listBuyerDeliveries } from "./buyer-deliveries.ts";
import { getBuyerProduct, listBuyerProducts, readProductPhoto } from "./buyer-products.ts";
import { defaultLedgerRange, listDealerLedger } from "./dealer-ledger.ts";
import { DIAGNOSTIC_KEYS } from "./diagnostic-fields.ts";
import { dealerLedgerHeader, exportDealerLedger } from "./export-dealer-ledger.ts";
import { getOfficeDelivery, listOfficeDeliveries } from "./office-deliveries.ts";
import { parcelSizeFor, shipDelivery } from "./ship-delivery.ts";

/** The official form's columns (別記様式第15号), the other party split in its order, then ours. */
const LEDGER_HEADER =
  "取引年月日,区分,品目,数量,特徴,相手方の住所,相手方の氏名,相手方の職業,相手方の年齢,確認方法,代価,台帳番号,買取ID,会員ID,本人確認ID";

describe("delivery parcels (pure)", () => {
  it("takes a bigger box every five devices, up to the biggest", () => {
    expect([1, 5, 6, 10, 11, 25, 26, 200].map(parcelSizeFor)).toEqual([60, 60, 80, 80, 100, 140, 160, 160]);
  });
});

describe.each(ENGINES)("buyer deliveries, products, shipping and the dealer ledger on %s", (engine) => {
  let t: TestCore;
  let modelId: number;
  let tabletId: number;
  let seller: SessionUser;
  let companyA: number;
  let companyB: number;
  let buyerUser: { id: number };
  const A = () => ({ companyId: companyA });
  const B = () => ({ companyId: companyB });

  beforeAll(async () => {
    t = await createTestCore(engine);
    const models = await t.ctx.db
      .insert(deviceModels)
      .values([
        { brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128, 256] },
        { brandCode: "00001", categoryCode: "06", name: "iPad (第9世代)", storageOptions: [64] },
      ])
      .returning({ id: deviceModels.id });
    modelId = models[0]!.id;
    tabletId = models[1]!.id;
    const companies = await t.ctx.db
      .insert(buybackCompanies)
      .values([
        {
          name: "株式会社リユースモバイル",
          address: "東京都千代田区外神田1-2-3",
          invoiceNumber: "T1234567890123",
        },
        { name: "合同会社スマホリンク" },
      ])
      .returning({ id: buybackCompanies.id });
    companyA = companies[0]!.id;
    companyB = companies[1]!.id;
    seller = await makeMember(t.ctx, { nickname: "売った会員" });
    const [u] = await t.ctx.db
      .insert(users)
      .values({ email: `buyer-${Date.now()}@example.jp`, nickname: "買取担当", role: "business" })
      .returning();
    await t.ctx.db.insert(buybackBuyers).values({ userId: u!.id, companyId: companyA });
    buyerUser = { id: u!.id };
  });
  afterAll(() => t?.close());

  it("lets only a buyer company's account in: visitors 401, members and operators 403", async () => {
    expect((await failure(authorizeBuyer(t.ctx, null))).code).toBe("UNAUTHORIZED");
    const member = await failure(authorizeBuyer(t.ctx, seller));
    expect(member.code).toBe("FORBIDDEN");
    expect(said(member).message.ja).toBe("法人バイヤーのアカウントでログインしてください");
    expect((await failure(authorizeBuyer(t.ctx, await makeOperator(t.ctx, ["admin"])))).code).toBe(
      "FORBIDDEN",
    );
    expect(await authorizeBuyer(t.ctx, buyerUser)).toMatchObject({
      companyId: companyA,
      companyName: "株式会社リユースモバイル",
    });
  });

  it("shows a buyer its own deliveries and products only, filtered and newest first", async () => {
    const shipped = await t.ctx.db
      .insert(buybackDeliveries)
      .values({
        companyId: companyA,
        state: "20",
        scheduledShipDate: "2026-11-10",
        invoiceNumber: "123456789012",
        trackingUrl: "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=123456789012",
        shippedAt: new Date("2026-11-10T02:00:00Z"),
      })
      .returning({ id: buybackDeliveries.id });
    const old = await addBoughtDevice(t.ctx.db, {
      companyId: companyA,
      sellerId: seller.id,
      modelId,
      amount: 20_000,
      grade: "A",
      deliveryId: shipped[0]!.id,
      decidedAt: new Date("2026-11-08T01:00:00Z"),
    });
    const a1 = await addBoughtDevice(t.ctx.db, {
      companyId: companyA,
      sellerId: seller.id,
      modelId,
      amount: 27_000,
      decidedAt: new Date("2026-11-20T01:00:00Z"),
    });
    const a2 = await addBoughtDevice(t.ctx.db, {
      companyId: companyA,
      sellerId: seller.id,
      modelId: tabletId,
      storageGb: 64,
      amount: 12_000,
      grade: "J",
      ngConditions: ["screen"],
      decidedAt: new Date("2026-11-21T01:00:00Z"),
    });
    const b1 = await addBoughtDevice(t.ctx.db, {
      companyId: companyB,
      sellerId: seller.id,
      modelId,
      amount: 30_000,
    });
    // Offered to A but not bought: never A's product.
    const [offered] = await t.ctx.db
      .update(buybackItems)
      .set({ state: "40", deliveryId: null })
      .where(eq(buybackItems.id, (await addBoughtDevice(t.ctx.db, { ...base(), deliveryId: null })).itemId))
      .returning({ id: buybackItems.id });

    const deliveries = await listBuyerDeliveries(t.ctx, { buyer: A() });
    expect(deliveries.rows.map((d) => [d.id, d.status, d.productCount, d.paymentAmount])).toEqual([
      [a1.deliveryId, "undispatched", 2, 27_000 + 2_700 + 12_000 + 1_200],
      [shipped[0]!.id, "sent", 1, 22_000],
    ]);
    expect(deliveries.total).toBe(2);
    const sent = await listBuyerDeliveries(t.ctx, { buyer: A(), query: { status: "sent" } });
    expect(sent.rows.map((d) => d.invoiceNumber)).toEqual(["123456789012"]);
    expect(sent.filters).toEqual({ status: "sent" });
    // Nonsense filters mean "any".
    expect((await listBuyerDeliveries(t.ctx, { buyer: A(), query: { status: "x", page: "-3" } })).total).toBe(
      2,
    );
    expect((await listBuyerDeliveries(t.ctx, { buyer: B() })).rows.map((d) => d.id)).toEqual([b1.deliveryId]);

    const detail = await getBuyerDelivery(t.ctx, { buyer: A(), deliveryId: a1.deliveryId! });
    expect(detail.devices.map((d) => [d.id, d.categoryCode, d.modelName, d.storageGb, d.grade])).toEqual([
      [a1.itemId, "05", "iPhone 13", 128, "B"],
      [a2.itemId, "06", "iPad (第9世代)", 64, "J"],
    ]);
    expect(detail.totals).toEqual({ count: 2, amount: 39_000, fee: 3_900, payment: 42_900 });
    expect(detail.company).toMatchObject({
      name: "株式会社リユースモバイル",
      invoiceNumber: "T1234567890123",
    });
    const foreign = await failure(getBuyerDelivery(t.ctx, { buyer: B(), deliveryId: a1.deliveryId! }));
    expect(foreign.code).toBe("NOT_FOUND");
    expect(said(foreign).message).toEqual({ ja: "納品が見つかりません", en: "Delivery not found" });

    const products = await listBuyerProducts(t.ctx, { buyer: A() });
    expect(products.rows.map((p) => [p.id, p.status, p.payment])).toEqual([
      [a2.itemId, "undispatched", 13_200],
      [a1.itemId, "undispatched", 29_700],
      [old.itemId, "sent", 22_000],
    ]);
    expect(products.rows.map((p) => p.id)).not.toContain(offered!.id);
    expect(products.rows.map((p) => p.id)).not.toContain(b1.itemId);
    const filtered = async (query: Record<string, string>) =>
      (await listBuyerProducts(t.ctx, { buyer: A(), query })).rows.map((p) => p.id);
    expect(await filtered({ status: "sent" })).toEqual([old.itemId]);
    expect(await filtered({ status: "undispatched" })).toEqual([a2.itemId, a1.itemId]);
    expect(await filtered({ grade: "J" })).toEqual([a2.itemId]);
    expect(await filtered({ category: "06" })).toEqual([a2.itemId]);
    expect(await filtered({ category: "42", grade: "Z" })).toHaveLength(3);

    for (const id of [b1.itemId, offered!.id, 999_999]) {
      expect((await failure(getBuyerProduct(t.ctx, { buyer: A(), productId: id }))).code).toBe("NOT_FOUND");
    }
    expect((await failure(getBuyerProduct(t.ctx, { buyer: B(), productId: a1.itemId }))).code).toBe(
      "NOT_FOUND",
    );
  });

  function base() {
    return { companyId: companyA, sellerId: seller.id, modelId, amount: 5_000 };
  }

  it("shows a product's basic information and every diagnostic field in the spec's order, never who sold it", async () => {
    const imei = imeiFrom("35693803564380");
    const { itemId } = await addBoughtDevice(t.ctx.db, { ...base(), imei, ngConditions: ["battery"] });
    await t.ctx.db
      .update(buybackItems)
      .set({ externalGrade: { scale: "NSYS", value: "B+" } })
      .where(eq(buybackItems.id, itemId));
    const product = await getBuyerProduct(t.ctx, { buyer: A(), productId: itemId });
    expect(product).toMatchObject({
      id: itemId,
      categoryCode: "05",
      modelName: "iPhone 13",
      brandCode: "00001",
      grade: "B",
      ngConditions: ["battery"],
      amount: 5_000,
      fee: 500,
      payment: 5_500,
      externalGrade: { scale: "NSYS", value: "B+" },
      status: "undispatched",
    });
    expect(product.diagnostics.map((d) => d.key)).toEqual([...DIAGNOSTIC_KEYS]);
    expect(product.diagnostics.find((d) => d.key === "imei")).toEqual({
      key: "imei",
      kind: "imei",
      value: imei,
      notApplicable: null,
    });
    expect(product.diagnostics.find((d) => d.key === "nsysGrade")).toMatchObject({
      value: null,
      notApplicable: "NSYS検査の対象外の機種",
    });
    const json = JSON.stringify(product);
    expect(json).not.toContain(String(seller.id));
    expect(json).not.toContain("佐藤");
    expect(product).not.toHaveProperty("userId");
  });

  it("serves a product's grading photos to its buyer only", async () => {
    const { itemId } = await addBoughtDevice(t.ctx.db, base());
    const body = new Uint8Array([82, 73, 70, 70, 1, 2, 3]);
    await t.ctx.blobs.put(`buyback/items/${itemId}/abc-large.webp`, body, "image/webp");
    const [photo] = await t.ctx.db
      .insert(buybackItemPhotos)
      .values({ itemId, blobKey: `buyback/items/${itemId}/abc`, position: 0 })
      .returning({ id: buybackItemPhotos.id });
    const product = await getBuyerProduct(t.ctx, { buyer: A(), productId: itemId });
    expect(product.photos).toEqual([{ id: photo!.id, position: 0 }]);
    // The thumbnail is missing: the large rendition stands in.
    const read = await readProductPhoto(t.ctx, {
      buyer: A(),
      productId: itemId,
      photoId: photo!.id,
      rendition: "thumb",
    });
    expect([...read.body]).toEqual([...body]);
    const foreign = readProductPhoto(t.ctx, {
      buyer: B(),
      productId: itemId,
      photoId: photo!.id,
      rendition: "large",
    });
    expect((await failure(foreign)).code).toBe("NOT_FOUND");
  });

  it("ships a delivery once: state, courier invoice, a balanced keyed ledger entry and the audit log", async () => {
    const [company] = await t.ctx.db
      .insert(buybackCompanies)
      .values({ name: "出荷テスト株式会社" })
      .returning({ id: buybackCompanies.id });
    const companyId = company!.id;
    const first = await addBoughtDevice(t.ctx.db, { ...base(), companyId, amount: 27_000 });
    await addBoughtDevice(t.ctx.db, { ...base(), companyId, amount: 12_000 });
    const deliveryId = first.deliveryId!;
    const grader = await makeOperator(t.ctx, ["grader"]);
    const support = await makeOperator(t.ctx, ["support"]);
    const member = await makeMember(t.ctx);

    expect((await failure(shipDelivery(t.ctx, { deliveryId, operatorId: support.id }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(shipDelivery(t.ctx, { deliveryId, operatorId: member.id }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(shipDelivery(t.ctx, { deliveryId: 1, operatorId: grader.id }))).code).toBe(
      "NOT_FOUND",
    );
    const office = await getOfficeDelivery(t.ctx, { actor: grader, deliveryId });
    expect(office).toMatchObject({ canShip: true, state: "10", totals: { payment: 42_900 } });
    expect(office.devices.map((d) => d.imei)).toEqual([
      expect.stringMatching(/^\d{15}$/),
      expect.stringMatching(/^\d{15}$/),
    ]);

    const shipped = await shipDelivery(t.ctx, {
      deliveryId,
      operatorId: grader.id,
      meta: { requestId: "req-ship", ip: "192.0.2.9" },
    });
    expect(shipped).toMatchObject({ id: deliveryId, state: "20", productCount: 2, paymentAmount: 42_900 });
    expect(shipped.invoiceNumber).toMatch(/^\d{12}$/);
    const [row] = await t.ctx.db.select().from(buybackDeliveries).where(eq(buybackDeliveries.id, deliveryId));
    expect(row).toMatchObject({
      state: "20",
      invoiceNumber: shipped.invoiceNumber,
      trackingUrl: `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${shipped.invoiceNumber}`,
      shippedAt: t.clock.now(),
    });

    const lines = await t.ctx.db
      .select({ kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, amount: journalLines.amount })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .where(eq(journalEntries.idempotencyKey, `buyback-delivery:${deliveryId}:invoiced`));
    expect(lines.map((l) => [l.kind, l.userId, l.amount]).sort()).toEqual([
      ["buyback_clearing", null, 39_000],
      ["buyback_receivable", null, -42_900],
      ["revenue", null, 3_900],
    ]);
    const [entry] = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `buyback-delivery:${deliveryId}:invoiced`));
    expect(entry).toMatchObject({
      kind: "buyback_delivery_invoiced",
      refs: { buybackDeliveryId: deliveryId },
    });
    // The key posts once: the same lines again answer the first entry.
    const again = await postEntry(t.ctx, {
      idempotencyKey: `buyback-delivery:${deliveryId}:invoiced`,
      kind: "buyback_delivery_invoiced",
      lines: [
        { account: platformAccount("buyback_receivable"), amount: -42_900 },
        { account: platformAccount("buyback_clearing"), amount: 39_000 },
        { account: platformAccount("revenue"), amount: 3_900 },
      ],
    });
    expect(again).toEqual({ entryId: entry!.id, created: false });

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "buyback_delivery"), eq(auditLog.targetId, String(deliveryId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "buyback:ship",
      actorId: grader.id,
      actorRoles: ["grader"],
      requestId: "req-ship",
      changes: { state: ["10", "20"], invoiceNumber: [null, shipped.invoiceNumber] },
    });
    const history = await t.ctx.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, "buyback_delivery"), eq(stateHistory.rowId, deliveryId)));
    expect(history.map((h) => [h.fromState, h.toState, h.action, h.actorId])).toEqual([
      ["10", "20", "ship", grader.id],
    ]);

    // A second ship is refused and changes nothing.
    const twice = await failure(shipDelivery(t.ctx, { deliveryId, operatorId: grader.id }));
    expect(twice.code).toBe("CONFLICT");
    expect(said(twice).message.ja).toBe("この納品はすでに発送済みです");
    const entries = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(eq(journalEntries.kind, "buyback_delivery_invoiced"));
    expect(entries[0]?.n).toBe(1);
    expect((await getOfficeDelivery(t.ctx, { actor: grader, deliveryId })).canShip).toBe(false);

    // The buyer sees it sent, with its invoice number.
    const seen = await listBuyerDeliveries(t.ctx, { buyer: { companyId } });
    expect(seen.rows.map((d) => [d.status, d.invoiceNumber])).toEqual([["sent", shipped.invoiceNumber]]);
  });

  it("refuses to ship a delivery with no devices", async () => {
    const [company] = await t.ctx.db
      .insert(buybackCompanies)
      .values({ name: "空の納品株式会社" })
      .returning({ id: buybackCompanies.id });
    const [empty] = await t.ctx.db
      .insert(buybackDeliveries)
      .values({ companyId: company!.id, state: "10", scheduledShipDate: "2026-11-25" })
      .returning({ id: buybackDeliveries.id });
    const grader = await makeOperator(t.ctx, ["grader"]);
    const refused = await failure(shipDelivery(t.ctx, { deliveryId: empty!.id, operatorId: grader.id }));
    expect(refused.code).toBe("CONFLICT");
    expect(said(refused).message).toEqual({
      ja: "端末のない納品は発送できません",
      en: "A delivery with no devices cannot ship",
    });
    const [row] = await t.ctx.db.select().from(buybackDeliveries).where(eq(buybackDeliveries.id, empty!.id));
    expect(row).toMatchObject({ state: "10", invoiceNumber: null });
  });

  it("lists every company's deliveries for the office, filtered by status and company", async () => {
    const grader = await makeOperator(t.ctx, ["grader"]);
    const all = await listOfficeDeliveries(t.ctx, { actor: grader });
    expect(all.total).toBeGreaterThanOrEqual(3);
    // Those still to ship come first.
    const states = all.rows.map((r) => r.state);
    expect(states).toEqual([...states].sort());
    const onlyB = await listOfficeDeliveries(t.ctx, { actor: grader, query: { company: String(companyB) } });
    expect(onlyB.rows.map((r) => r.company.name)).toEqual(["合同会社スマホリンク"]);
    const sent = await listOfficeDeliveries(t.ctx, { actor: grader, query: { status: "sent" } });
    expect(sent.rows.every((r) => r.status === "sent")).toBe(true);
    expect(all.companies.map((c) => c.name)).toContain("株式会社リユースモバイル");
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(listOfficeDeliveries(t.ctx, { actor: finance }))).code).toBe("FORBIDDEN");
  });

  it("sorts the office's deliveries by number, due day, status or payment, an unknown sort falling back to status", async () => {
    const grader = await makeOperator(t.ctx, ["grader"]);
    const [company] = await t.ctx.db
      .insert(buybackCompanies)
      .values({ name: "並び替え納品株式会社" })
      .returning({ id: buybackCompanies.id });
    const delivery = (state: "10" | "20", scheduledShipDate: string, paymentAmount: number) => ({
      companyId: company!.id,
      state,
      scheduledShipDate,
      paymentAmount,
    });
    // Numbers d1 < d2 < d3 < d4; d2 still to ship, the others sent; d1 and d4 due the same day.
    const made = await t.ctx.db
      .insert(buybackDeliveries)
      .values([
        delivery("20", "2026-11-10", 3000),
        delivery("10", "2026-11-07", 1000),
        delivery("20", "2026-11-05", 5000),
        delivery("20", "2026-11-10", 2000),
      ])
      .returning({ id: buybackDeliveries.id });
    const [d1, d2, d3, d4] = made.map((r) => r.id);
    const order = async (query: Record<string, string> = {}) => {
      const list = await listOfficeDeliveries(t.ctx, {
        actor: grader,
        query: { company: String(company!.id), ...query },
      });
      return { ids: list.rows.map((r) => r.id), sort: list.sort, dir: list.dir };
    };
    // The default, as before: those still to ship first, then by the day due, then the newest.
    const byStatus = { ids: [d2, d3, d4, d1], sort: "status", dir: "asc" };
    expect(await order()).toEqual(byStatus);
    expect(await order({ sort: "status", dir: "asc" })).toEqual(byStatus);
    expect((await order({ sort: "status", dir: "desc" })).ids).toEqual([d3, d4, d1, d2]);
    expect(await order({ sort: "scheduledShipDate", dir: "asc" })).toEqual({
      ids: [d3, d2, d4, d1],
      sort: "scheduledShipDate",
      dir: "asc",
    });
    expect((await order({ sort: "scheduledShipDate", dir: "desc" })).ids).toEqual([d4, d1, d2, d3]);
    expect((await order({ sort: "paymentAmount", dir: "asc" })).ids).toEqual([d2, d4, d1, d3]);
    expect((await order({ sort: "paymentAmount", dir: "desc" })).ids).toEqual([d3, d1, d4, d2]);
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([d1, d2, d3, d4]);
    expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([d4, d3, d2, d1]);
    // With a filter, and unknown: the default.
    expect((await order({ status: "sent", sort: "paymentAmount", dir: "asc" })).ids).toEqual([d4, d1, d3]);
    expect(await order({ sort: "trackingUrl", dir: "zigzag" })).toEqual(byStatus);
  });

  describe("the dealer ledger", () => {
    const entry = (o: {
      at: string;
      item: string;
      name?: string;
      features?: string;
      buybackItemId: number;
    }) => ({
      tradedAt: new Date(`${o.at}+09:00`),
      kind: "買受け",
      itemName: o.item,
      quantity: 1,
      features: o.features ?? "IMEI 356938035643809 / 128GB / ミッドナイト",
      amount: 27_000,
      sellerName: o.name ?? "山田 太郎",
      sellerAddress: "東京都千代田区神田須田町1-1",
      sellerOccupation: "会社員",
      sellerAge: 34,
      verificationMethod: "eKYC（公的個人認証）",
      identityCheckId: 77,
      buybackItemId: o.buybackItemId,
      userId: seller.id,
    });

    beforeAll(async () => {
      await t.ctx.db.insert(dealerLedger).values([
        entry({ at: "2026-10-31T23:59:59", item: "範囲外 前日", buybackItemId: 900_001 }),
        entry({ at: "2026-11-01T00:00:00", item: "スマートフォン iPhone 13", buybackItemId: 900_002 }),
        entry({
          at: "2026-11-30T23:59:59",
          item: "スマートフォン Pixel 7",
          name: '=HYPERLINK("x")',
          features: "IMEI 490154203237518, 黒",
          buybackItemId: 900_003,
        }),
        entry({ at: "2026-12-01T00:00:00", item: "範囲外 翌日", buybackItemId: 900_004 }),
      ]);
    });

    it("lists a period's rows in trading order, Tokyo days at both ends, for buyback:ledger holders", async () => {
      const finance = await makeOperator(t.ctx, ["finance"]);
      const list = await listDealerLedger(t.ctx, {
        actor: finance,
        range: { from: "2026-11-01", to: "2026-11-30" },
      });
      expect(list.rows.map((r) => r.itemName)).toEqual([
        "スマートフォン iPhone 13",
        "スマートフォン Pixel 7",
      ]);
      expect(list).toMatchObject({
        total: 2,
        page: 1,
        pages: 1,
        range: { from: "2026-11-01", to: "2026-11-30" },
      });
      const grader = await makeOperator(t.ctx, ["grader"]);
      expect((await failure(listDealerLedger(t.ctx, { actor: grader, range: {} }))).code).toBe("FORBIDDEN");
      const bad = await failure(
        listDealerLedger(t.ctx, { actor: finance, range: { from: "2026-02-30", to: "" } }),
      );
      expect(bad.code).toBe("VALIDATION");
      expect(said(bad).fields).toEqual({
        from: { ja: "日付を正しく入力してください", en: "Enter a valid date" },
        to: { ja: "期間を指定してください", en: "Choose a period" },
      });
      const reversed = await failure(
        listDealerLedger(t.ctx, { actor: finance, range: { from: "2026-11-30", to: "2026-11-01" } }),
      );
      expect(said(reversed).fields.to?.ja).toBe("終了日は開始日と同じか、それより後の日付にしてください");
      expect(defaultLedgerRange(new Date("2026-11-22T16:00:00Z"))).toEqual({
        from: "2026-11-01",
        to: "2026-11-23",
      });
    });

    it("exports the period as UTF-8 CSV with a BOM in the official form's column order, and audits it", async () => {
      const trust = await makeOperator(t.ctx, ["trust_safety"]);
      expect(dealerLedgerHeader().join(",")).toBe(LEDGER_HEADER);
      const file = await exportDealerLedger(t.ctx, {
        actor: trust,
        range: { from: "2026-11-01", to: "2026-11-30" },
        meta: { requestId: "req-ledger" },
      });
      expect(file.filename).toBe("tsugu-dealer-ledger-20261101-20261130.csv");
      expect(file.contentType).toBe("text/csv; charset=utf-8");
      const bytes = Buffer.from(await new Response(file.body).arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString("utf8").split("\r\n");
      expect(lines).toEqual([
        LEDGER_HEADER,
        `2026-11-01,買受け,スマートフォン iPhone 13,1,IMEI 356938035643809 / 128GB / ミッドナイト,東京都千代田区神田須田町1-1,山田 太郎,会社員,34,eKYC（公的個人認証）,27000,${await ledgerId(900_002)},900002,${seller.id},77`,
        `2026-11-30,買受け,スマートフォン Pixel 7,1,"IMEI 490154203237518, 黒",東京都千代田区神田須田町1-1,"'=HYPERLINK(""x"")",会社員,34,eKYC（公的個人認証）,27000,${await ledgerId(900_003)},900003,${seller.id},77`,
        "",
      ]);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "buyback:ledger-export"));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorId: trust.id,
        targetType: "dealer_ledger",
        targetId: "2026-11-01..2026-11-30",
        requestId: "req-ledger",
      });
      const grader = await makeOperator(t.ctx, ["grader"]);
      const refused = exportDealerLedger(t.ctx, {
        actor: grader,
        range: { from: "2026-11-01", to: "2026-11-30" },
      });
      expect((await failure(refused)).code).toBe("FORBIDDEN");
      const bad = exportDealerLedger(t.ctx, {
        actor: trust,
        range: { from: "2026-11-30", to: "2026-11-01" },
      });
      expect((await failure(bad)).code).toBe("VALIDATION");
      expect(
        await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "buyback:ledger-export")),
      ).toHaveLength(1);
    });

    it("writes a long period whole and in trading order, reading it in batches", async () => {
      // 1,205 rows in March 2025, inserted out of order; two share one instant.
      const rows = Array.from({ length: 1_205 }, (_, i) =>
        entry({
          at: `2025-03-${String(1 + (i % 28)).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:00:00`,
          item: `端末 ${i}`,
          buybackItemId: 910_000 + i,
        }),
      );
      await t.ctx.db.insert(dealerLedger).values(rows.reverse());
      const admin = await makeOperator(t.ctx, ["admin"]);
      const file = await exportDealerLedger(t.ctx, {
        actor: admin,
        range: { from: "2025-03-01", to: "2025-03-31" },
      });
      const lines = Buffer.from(await new Response(file.body).arrayBuffer())
        .subarray(3)
        .toString("utf8")
        .split("\r\n")
        .slice(1, -1);
      expect(lines).toHaveLength(1_205);
      const days = lines.map((l) => l.slice(0, 10));
      expect(days).toEqual([...days].sort());
      expect(new Set(lines.map((l) => l.split(",")[2])).size).toBe(1_205);
    });

    it("keeps every row: the database refuses to change, delete or empty the ledger", async () => {
      const before = await t.ctx.db.select().from(dealerLedger);
      await expect(t.ctx.db.update(dealerLedger).set({ sellerName: "書き換え" })).rejects.toThrow();
      await expect(t.ctx.db.delete(dealerLedger)).rejects.toThrow();
      await expect(t.ctx.db.execute(sql`truncate dealer_ledger`)).rejects.toThrow();
      expect(await t.ctx.db.select().from(dealerLedger)).toEqual(before);
    });

    async function ledgerId(buybackItemId: number) {
      const [row] = await t.ctx.db
        .select({ id: dealerLedger.id })
        .from(dealerLedger)
        .where(eq(dealerLedger.buybackItemId, buybackItemId));
      return row!.id;
    }
  });
});
