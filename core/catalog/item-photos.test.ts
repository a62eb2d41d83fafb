import { readdirSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { itemPhotos, items, users } from "#db/schema/index.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { IMAGE_MESSAGES } from "../storage/image-limits.ts";
import { addItemPhoto } from "./add-item-photo.ts";
import { ITEM_PHOTO_MESSAGES, itemPhotoUrls, listItemPhotos, replaceItemPhotos } from "./item-photos.ts";
import { removeItemPhoto } from "./remove-item-photo.ts";
import { reorderItemPhotos } from "./reorder-item-photos.ts";

/** A catalogue message in both languages, as `said` reports what an error says. */
const inBoth = (m: Message) => ({ ja: renderMessage(m, "ja"), en: renderMessage(m, "en") });

const jpegs = new Map<string, Uint8Array>();
/** A small JPEG of one colour, so tests can tell photos apart and stay fast. */
async function jpeg(color = "#cc3333"): Promise<Uint8Array> {
  if (!jpegs.has(color)) {
    const buf = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    jpegs.set(color, new Uint8Array(buf));
  }
  return jpegs.get(color)!;
}
const HTML = new TextEncoder().encode("<!DOCTYPE html><title>photo.jpg</title>");

describe.each(ENGINES)("item photos on %s", (engine) => {
  let t: TestCore;
  let seller: SessionUser;
  let other: SessionUser;
  let itemId: number;

  const blobFiles = () => {
    try {
      return readdirSync(path.join(t.dataDir, "blobs"), { recursive: true, withFileTypes: true }).filter(
        (f) => f.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };
  const rows = () =>
    t.ctx.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId)).orderBy(asc(itemPhotos.position));
  async function member(email: string): Promise<SessionUser> {
    const [u] = await t.ctx.db
      .insert(users)
      .values({ email, nickname: email.split("@")[0]! })
      .returning();
    return {
      id: u!.id,
      email,
      nickname: u!.nickname,
      role: "member",
      locale: "ja",
      sessionId: 0,
      staffRoles: [],
    };
  }
  async function addPhotos(n: number) {
    const added = [];
    for (let i = 0; i < n; i++) {
      added.push(await addItemPhoto(t.ctx, { actor: seller, itemId, bytes: await jpeg(`#${i}${i}3366`) }));
    }
    return added;
  }

  beforeEach(async () => {
    t = await createTestCore(engine);
    seller = await member("seller@example.jp");
    other = await member("other@example.jp");
    const [item] = await t.ctx.db
      .insert(items)
      .values({ sellerId: seller.id, title: "iPhone 12 画面割れ" })
      .returning({ id: items.id });
    itemId = item!.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it("adds photos in order, with a thumbnail and a large WebP each", async () => {
    const [first, second] = await addPhotos(2);
    expect(first).toMatchObject({ position: 0, width: 64, height: 48 });
    expect(second!.position).toBe(1);
    expect(first!.key).toMatch(new RegExp(`^items/${itemId}/[0-9a-f]{32}$`));
    expect(itemPhotoUrls(t.ctx, first!.key)).toEqual({
      thumb: `/media/${first!.key}-thumb.webp`,
      large: `/media/${first!.key}-large.webp`,
    });
    expect((await t.ctx.blobs.get(`${first!.key}-thumb.webp`))?.contentType).toBe("image/webp");
    expect(blobFiles()).toBe(4);
    expect((await listItemPhotos(t.ctx, itemId)).map((p) => p.id)).toEqual([first!.id, second!.id]);
  });

  it("lets only the seller change the photos of an existing, unsold listing", async () => {
    const [photo] = await addPhotos(1);
    const bytes = await jpeg();
    const attempts = [
      () => addItemPhoto(t.ctx, { actor: other, itemId, bytes }),
      () => removeItemPhoto(t.ctx, { actor: other, itemId, photoId: photo!.id }),
      () => reorderItemPhotos(t.ctx, { actor: other, itemId, photoIds: [photo!.id] }),
      () => replaceItemPhotos(t.ctx, { actor: other, itemId, entries: [{ bytes }] }),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).code).toBe("FORBIDDEN");
    expect((await failure(addItemPhoto(t.ctx, { actor: seller, itemId: 999, bytes }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(replaceItemPhotos(t.ctx, { actor: seller, itemId: 999, entries: [{ bytes }] }))).code,
    ).toBe("NOT_FOUND");
    await t.ctx.db
      .update(items)
      .set({
        state: "SOLD",
        price: 5000,
        categoryCode: "smartphone",
        condition: "USED",
        postage: "INCLUDED",
        shippingMethod: "yamato",
        leadTime: "1-2",
      })
      .where(eq(items.id, itemId));
    expect((await failure(addItemPhoto(t.ctx, { actor: seller, itemId, bytes }))).code).toBe("CONFLICT");
    expect(blobFiles()).toBe(2);
  });

  it("holds at most 10 photos, refusing the 11th before storing it", async () => {
    await addPhotos(10);
    expect((await rows()).map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const e = await failure(addItemPhoto(t.ctx, { actor: seller, itemId, bytes: await jpeg() }));
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.photos).toEqual({
      ja: "商品画像は10枚まで登録できます",
      en: "A listing can have at most 10 photos",
    });
    expect(blobFiles()).toBe(20);
  });

  it("lets concurrent uploads fill the last places, and no more", async () => {
    await addPhotos(7);
    const bytes = await jpeg("#00aa00");
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => addItemPhoto(t.ctx, { actor: seller, itemId, bytes })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) {
      if (r.status === "rejected")
        expect(said(r.reason).fields.photos).toEqual(inBoth(ITEM_PHOTO_MESSAGES.tooMany));
    }
    expect((await rows()).map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(blobFiles()).toBe(20);
  });

  it("refuses a non-image upload with a field message and stores nothing", async () => {
    const e = await failure(addItemPhoto(t.ctx, { actor: seller, itemId, bytes: HTML }));
    expect([e.code, e.status]).toEqual(["UNSUPPORTED_MEDIA_TYPE", 415]);
    expect(said(e).fields.photo).toEqual(inBoth(IMAGE_MESSAGES.unsupported));
    expect(blobFiles()).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it("removes a photo, moves the later ones up and deletes its files; the last one stays", async () => {
    const [a, b, c] = await addPhotos(3);
    await removeItemPhoto(t.ctx, { actor: seller, itemId, photoId: a!.id });
    expect((await rows()).map((r) => [r.id, r.position])).toEqual([
      [b!.id, 0],
      [c!.id, 1],
    ]);
    expect(await t.ctx.blobs.get(`${a!.key}-thumb.webp`)).toBeNull();
    expect(blobFiles()).toBe(4);
    expect((await failure(removeItemPhoto(t.ctx, { actor: seller, itemId, photoId: a!.id }))).code).toBe(
      "NOT_FOUND",
    );
    await removeItemPhoto(t.ctx, { actor: seller, itemId, photoId: c!.id });
    const last = await failure(removeItemPhoto(t.ctx, { actor: seller, itemId, photoId: b!.id }));
    expect(said(last).fields.photos).toEqual(inBoth(ITEM_PHOTO_MESSAGES.keepOne));
    expect((await rows()).map((r) => r.id)).toEqual([b!.id]);
  });

  it("reorders all ten photos in any permutation, keeping their ids", async () => {
    const added = await addPhotos(10);
    const reversed = added.map((p) => p.id).reverse();
    const photos = await reorderItemPhotos(t.ctx, { actor: seller, itemId, photoIds: reversed });
    expect(photos.map((p) => p.id)).toEqual(reversed);
    expect((await rows()).map((r) => r.id)).toEqual(reversed);
    expect((await rows()).map((r) => r.key)).toEqual(added.map((p) => p.key).reverse());
    const ids = added.map((p) => p.id);
    for (const wrong of [ids.slice(1), [...ids.slice(1), ids[1]!], [...ids.slice(1), 12345]]) {
      const e = await failure(reorderItemPhotos(t.ctx, { actor: seller, itemId, photoIds: wrong }));
      expect(said(e).fields.photoIds).toEqual(inBoth(ITEM_PHOTO_MESSAGES.order));
    }
    expect((await rows()).map((r) => r.id)).toEqual(reversed);
  });

  it("replaces the photos with the final list: kept, new and removed ones", async () => {
    const [a, b, c] = await addPhotos(3);
    const photos = await replaceItemPhotos(t.ctx, {
      actor: seller,
      itemId,
      entries: [
        { bytes: await jpeg("#111111") },
        { photoId: c!.id },
        { photoId: a!.id },
        { bytes: await jpeg() },
      ],
    });
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2, 3]);
    expect(photos[1]!.id).toBe(c!.id);
    expect(photos[2]!.id).toBe(a!.id);
    expect((await rows()).map((r) => r.id)).toEqual(photos.map((p) => p.id));
    expect(await t.ctx.blobs.get(`${b!.key}-large.webp`)).toBeNull();
    expect(await t.ctx.blobs.get(`${photos[0]!.key}-large.webp`)).not.toBeNull();
    expect(blobFiles()).toBe(8);
  });

  it("checks every new image before writing anything, and leaves no orphaned files", async () => {
    const [a, b] = await addPhotos(2);
    const before = await rows();
    const bad = await failure(
      replaceItemPhotos(t.ctx, {
        actor: seller,
        itemId,
        entries: [{ photoId: a!.id }, { bytes: await jpeg() }, { bytes: HTML }],
      }),
    );
    expect(bad.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(said(bad).fields.photos).toEqual(inBoth(IMAGE_MESSAGES.unsupported));
    expect(blobFiles()).toBe(4);

    // A failure inside the transaction (a photo of another listing) removes the files just written.
    const [otherItem] = await t.ctx.db
      .insert(items)
      .values({ sellerId: seller.id, title: "Pixel 7" })
      .returning({ id: items.id });
    const foreign = await addItemPhoto(t.ctx, { actor: seller, itemId: otherItem!.id, bytes: await jpeg() });
    const unknown = await failure(
      replaceItemPhotos(t.ctx, {
        actor: seller,
        itemId,
        entries: [{ bytes: await jpeg("#222222") }, { photoId: foreign.id }, { photoId: b!.id }],
      }),
    );
    expect(said(unknown).fields.photos).toEqual(inBoth(ITEM_PHOTO_MESSAGES.unknown));
    expect(blobFiles()).toBe(6);
    expect(await rows()).toEqual(before);
  });

  it("needs between 1 and 10 photos in the final list", async () => {
    const empty = await failure(replaceItemPhotos(t.ctx, { actor: seller, itemId, entries: [] }));
    expect(said(empty).fields.photos).toEqual({
      ja: "商品画像を1枚以上登録してください",
      en: "Add at least one photo",
    });
    const bytes = await jpeg();
    const eleven = await failure(
      replaceItemPhotos(t.ctx, {
        actor: seller,
        itemId,
        entries: Array.from({ length: 11 }, () => ({ bytes })),
      }),
    );
    expect(said(eleven).fields.photos).toEqual(inBoth(ITEM_PHOTO_MESSAGES.tooMany));
    const [a] = await addPhotos(1);
    const twice = await failure(
      replaceItemPhotos(t.ctx, { actor: seller, itemId, entries: [{ photoId: a!.id }, { photoId: a!.id }] }),
    );
    expect(said(twice).fields.photos).toEqual(inBoth(ITEM_PHOTO_MESSAGES.order));
    expect(blobFiles()).toBe(2);
  });
});
