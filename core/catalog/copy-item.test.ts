import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPhotos, items } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { LISTING, listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { changeState } from "../state/change-state.ts";
import { changeItemState } from "./change-item-state.ts";
import { copyItem } from "./copy-item.ts";
import { deleteItem } from "./delete-item.ts";
import { ITEM_MACHINE } from "./item-states.ts";
import { saveItem } from "./save-item.ts";

describe.each(ENGINES)("listing again with the same details on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const photosOf = (itemId: number) =>
    t.ctx.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId)).orderBy(asc(itemPhotos.position));
  const row = async (itemId: number) => (await t.ctx.db.select().from(items).where(eq(items.id, itemId)))[0]!;

  it("makes a draft of a sold listing with its fields and its own copies of the photos", async () => {
    const seller = await makeMember(t.ctx);
    const sold = await listItem(t.ctx, seller, { imei: "356938035643809" });
    await saveItem(t.ctx, {
      actor: seller,
      itemId: sold,
      input: { ...LISTING, imei: "356938035643809" },
      photos: [
        ...(await photosOf(sold)).map((p) => ({ photoId: p.id })),
        { bytes: (await t.ctx.blobs.get(`${(await photosOf(sold))[0]!.key}-large.webp`))!.body },
      ],
      publish: true,
    });
    await changeState(t.ctx, {
      machine: ITEM_MACHINE,
      table: items,
      id: sold,
      from: "SALE",
      action: "sell",
      actor: { role: "system" },
    });

    const { id } = await copyItem(t.ctx, { actor: seller, itemId: sold });
    expect(id).not.toBe(sold);
    const [before, copy] = [await row(sold), await row(id)];
    expect(copy.state).toBe("DRAFT");
    expect(copy.sellerId).toBe(seller.id);
    for (const field of [
      "title",
      "description",
      "price",
      "categoryCode",
      "brandCode",
      "modelId",
      "condition",
      "postage",
      "shippingMethod",
      "leadTime",
      "storageGb",
      "color",
      "carrier",
      "networkRestriction",
      "activationLock",
      "batteryHealth",
      "defects",
    ] as const) {
      expect(copy[field], field).toEqual(before[field]);
    }
    // The IMEI names the device that was sold.
    expect(copy.imei).toBeNull();

    const [original, copied] = [await photosOf(sold), await photosOf(id)];
    expect(copied).toHaveLength(2);
    expect(copied.map((p) => [p.width, p.height])).toEqual(original.map((p) => [p.width, p.height]));
    // New files, not the same ones: each listing's photos are its own.
    for (const [i, p] of copied.entries()) {
      expect(p.key).not.toBe(original[i]!.key);
      expect(p.key.startsWith(`items/${id}/`)).toBe(true);
      const [a, b] = [
        await t.ctx.blobs.get(`${p.key}-thumb.webp`),
        await t.ctx.blobs.get(`${original[i]!.key}-thumb.webp`),
      ];
      expect(a?.body).toEqual(b?.body);
    }

    // Deleting the copy leaves the sold listing's photos where they were.
    await deleteItem(t.ctx, { actor: seller, itemId: id });
    expect(await t.ctx.blobs.get(`${original[0]!.key}-large.webp`)).not.toBeNull();

    // The copy is a draft the seller can publish as it is.
    const again = await copyItem(t.ctx, { actor: seller, itemId: sold });
    const published = await changeItemState(t.ctx, { actor: seller, itemId: again.id, action: "publish" });
    expect(published.state).toBe("SALE");
  });

  it("copies a listing the seller stopped, and nothing that is still on sale or a draft", async () => {
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const onSale = await failure(copyItem(t.ctx, { actor: seller, itemId }));
    expect(onSale.code).toBe("CONFLICT");
    expect(said(onSale).message?.ja).toBe("同じ内容で出品できるのは、売り切れた商品と出品を停止した商品です");

    await changeItemState(t.ctx, { actor: seller, itemId, action: "stop_selling" });
    const { id } = await copyItem(t.ctx, { actor: seller, itemId });
    expect((await row(id)).state).toBe("DRAFT");
    expect(await photosOf(id)).toHaveLength(1);
    // The stopped listing stays as it was.
    expect((await row(itemId)).state).toBe("DISABLED");

    const draft = await failure(copyItem(t.ctx, { actor: seller, itemId: id }));
    expect(draft.code).toBe("CONFLICT");
  });

  it("is the seller's alone", async () => {
    const seller = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const operator = await makeOperator(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    await changeItemState(t.ctx, { actor: seller, itemId, action: "stop_selling" });
    const before = await t.ctx.db.select({ id: items.id }).from(items);

    expect((await failure(copyItem(t.ctx, { actor: other, itemId }))).code).toBe("FORBIDDEN");
    expect((await failure(copyItem(t.ctx, { actor: operator, itemId }))).code).toBe("FORBIDDEN");
    expect((await failure(copyItem(t.ctx, { actor: seller, itemId: 999_999_999_999 }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await t.ctx.db.select({ id: items.id }).from(items)).toHaveLength(before.length);
  });
});
