import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { LISTING, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { saveItem } from "./save-item.ts";

describe.each(ENGINES)("saving a listing on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("tells every problem at once: the missing photo with the fields' messages, on the first try", async () => {
    const seller = await makeMember(t.ctx);
    const e = await failure(
      saveItem(t.ctx, {
        actor: seller,
        input: { ...LISTING, title: "", shippingMethod: "", imei: "35 693803 564380 8" },
        photos: [],
        publish: true,
      }),
    );
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields).toMatchObject({
      title: { ja: "商品名を入力してください" },
      photos: { ja: "商品画像を1枚以上登録してください" },
      // A choice left empty asks to choose, naming what to choose.
      shippingMethod: {
        ja: "配送の方法を選択してください",
        en: "Please select an option for Shipping method",
      },
      imei: { ja: "IMEIを正しく入力してください" },
    });
  });

  it("asks to choose each list a published listing needs", async () => {
    const seller = await makeMember(t.ctx);
    const e = await failure(
      saveItem(t.ctx, {
        actor: seller,
        input: { title: "Pixel 7", price: "" },
        publish: true,
      }),
    );
    expect(said(e).fields.price?.ja).toBe("販売価格を入力してください");
    expect(said(e).fields.categoryCode?.ja).toBe("カテゴリーを選択してください");
    expect(said(e).fields.condition?.ja).toBe("商品の状態を選択してください");
    expect(said(e).fields.postage?.ja).toBe("配送料の負担を選択してください");
    expect(said(e).fields.leadTime?.ja).toBe("発送までの日数を選択してください");
    expect(said(e).fields.photos?.ja).toBe("商品画像を1枚以上登録してください");
  });

  it("accepts an IMEI as iPhone's settings show it and keeps its 15 digits", async () => {
    const seller = await makeMember(t.ctx);
    const draft = await saveItem(t.ctx, {
      actor: seller,
      input: { title: "iPhone", imei: "35 693803 564380 9" },
      publish: false,
    });
    expect(draft.state).toBe("DRAFT");
  });
});
