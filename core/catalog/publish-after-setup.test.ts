import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, users } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { jpeg, LISTING, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { publishAfterSetup, requestPublishAfterSetup, saveListing } from "./publish-after-setup.ts";
import { saveItem } from "./save-item.ts";

describe.each(ENGINES)("publishing a listing at the end of the seller setup on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const stateOf = async (id: number) => (await t.ctx.db.select().from(items).where(eq(items.id, id)))[0]!;
  /** The setup done behind the scenes: what the setup's pages would have saved. */
  const setUp = async (userId: number) => {
    await t.ctx.db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.id, userId));
  };

  it("keeps a new seller's listing as a draft marked to publish, and publishes it once they are set up", async () => {
    const seller = await makeMember(t.ctx, { sellerSetup: false });
    const saved = await saveListing(t.ctx, {
      actor: seller,
      input: LISTING,
      photos: [{ bytes: await jpeg() }],
      publish: true,
    });
    expect(saved).toMatchObject({ state: "DRAFT", setupFirst: true });
    expect((await stateOf(saved.id)).publishRequestedAt).not.toBeNull();

    // Not before the setup is done.
    expect((await failure(publishAfterSetup(t.ctx, { actor: seller, itemId: saved.id }))).code).toBe(
      "FORBIDDEN",
    );
    await setUp(seller.id);
    expect(await publishAfterSetup(t.ctx, { actor: seller, itemId: saved.id })).toMatchObject({
      state: "SALE",
    });
    const row = await stateOf(saved.id);
    expect(row.state).toBe("SALE");
    expect(row.publishRequestedAt).toBeNull();
    // Once only.
    expect((await failure(publishAfterSetup(t.ctx, { actor: seller, itemId: saved.id }))).code).toBe(
      "CONFLICT",
    );
  });

  it("publishes only a draft its seller asked to publish, and checks it again", async () => {
    const seller = await makeMember(t.ctx, { sellerSetup: false });
    const other = await makeMember(t.ctx);
    // Saved as a draft on purpose: never published behind the seller's back.
    const draft = await saveListing(t.ctx, {
      actor: seller,
      input: LISTING,
      photos: [{ bytes: await jpeg() }],
      publish: false,
    });
    expect(draft.setupFirst).toBe(false);
    await setUp(seller.id);
    const e = await failure(publishAfterSetup(t.ctx, { actor: seller, itemId: draft.id }));
    expect(e.code).toBe("CONFLICT");
    expect(said(e).message?.ja).toBe("この商品は、登録のあとに出品する下書きではありません");
    expect((await stateOf(draft.id)).state).toBe("DRAFT");

    // Another member's draft is not theirs to publish.
    await requestPublishAfterSetup(t.ctx, { actor: seller, itemId: draft.id });
    expect((await failure(publishAfterSetup(t.ctx, { actor: other, itemId: draft.id }))).code).toBe(
      "FORBIDDEN",
    );
    // Saving the draft again settles the request: it stays a draft.
    await saveItem(t.ctx, { actor: seller, itemId: draft.id, input: LISTING, publish: false });
    expect((await failure(publishAfterSetup(t.ctx, { actor: seller, itemId: draft.id }))).code).toBe(
      "CONFLICT",
    );

    // A draft that is no longer a complete listing is refused with its fields' messages.
    await saveItem(t.ctx, {
      actor: seller,
      itemId: draft.id,
      input: { ...LISTING, price: "" },
      publish: false,
    });
    await requestPublishAfterSetup(t.ctx, { actor: seller, itemId: draft.id });
    const invalid = await failure(publishAfterSetup(t.ctx, { actor: seller, itemId: draft.id }));
    expect(invalid.code).toBe("VALIDATION");
    expect(said(invalid).fields.price?.ja).toBe("販売価格を入力してください");
    expect((await stateOf(draft.id)).state).toBe("DRAFT");
  });

  it("publishes at once for a seller already set up", async () => {
    const seller = await makeMember(t.ctx);
    const saved = await saveListing(t.ctx, {
      actor: seller,
      input: LISTING,
      photos: [{ bytes: await jpeg() }],
      publish: true,
    });
    expect(saved).toMatchObject({ state: "SALE", setupFirst: false });
  });
});
