import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { LISTING, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { deleteListingTemplate } from "./delete-listing-template.ts";
import { getListingTemplate } from "./get-listing-template.ts";
import { TEMPLATES_MAX } from "./limits.ts";
import { listListingTemplates } from "./list-listing-templates.ts";
import { saveListingTemplate } from "./save-listing-template.ts";

describe.each(ENGINES)("listing templates on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the form's fields under a name, without the IMEI, and gives them back to their seller", async () => {
    const seller = await makeMember(t.ctx);
    const { id, replaced } = await saveListingTemplate(t.ctx, {
      actor: seller,
      name: " 画面割れiPhone ",
      input: { ...LISTING, imei: "356938035643809", price: "１８，０００" },
    });
    expect(replaced).toBe(false);
    const template = await getListingTemplate(t.ctx, { actor: seller, templateId: id });
    expect(template.name).toBe("画面割れiPhone");
    // Every field as the form sends it, the price as typed made plain; the IMEI left out.
    expect(template.fields).toEqual(LISTING);

    // The same name again replaces it; a template may leave the title for each listing.
    const again = await saveListingTemplate(t.ctx, {
      actor: seller,
      name: "画面割れiPhone",
      input: { title: "", price: "15000", defects: [] },
    });
    expect(again).toEqual({ id, replaced: true });
    expect((await getListingTemplate(t.ctx, { actor: seller, templateId: id })).fields).toEqual({
      price: "15000",
      defects: [],
    });
    expect((await listListingTemplates(t.ctx, { sellerId: seller.id })).map((x) => x.name)).toEqual([
      "画面割れiPhone",
    ]);
  });

  it("checks the name and the fields as on a draft, and saves nothing when they are wrong", async () => {
    const seller = await makeMember(t.ctx);
    const e = await failure(
      saveListingTemplate(t.ctx, { actor: seller, name: "", input: { title: "x", price: "10" } }),
    );
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.templateName?.ja).toBe("テンプレート名を入力してください");
    expect(said(e).fields.price?.ja).toMatch(/50/);
    const long = await failure(
      saveListingTemplate(t.ctx, { actor: seller, name: "あ".repeat(41), input: { title: "" } }),
    );
    expect(said(long).fields.templateName?.en).toMatch(/40/);
    expect(await listListingTemplates(t.ctx, { sellerId: seller.id })).toEqual([]);
  });

  it(`keeps at most ${TEMPLATES_MAX} a seller, and says so`, async () => {
    const seller = await makeMember(t.ctx);
    for (let i = 1; i <= TEMPLATES_MAX; i++) {
      await saveListingTemplate(t.ctx, {
        actor: seller,
        name: `テンプレート${i}`,
        input: { title: `商品${i}` },
      });
    }
    const e = await failure(
      saveListingTemplate(t.ctx, { actor: seller, name: "もう一つ", input: { title: "商品" } }),
    );
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.templateName?.ja).toBe(
      "テンプレートは20件まで保存できます。不要なものを削除してから保存してください",
    );
    // Replacing one by its name still works at the limit.
    expect(
      (await saveListingTemplate(t.ctx, { actor: seller, name: "テンプレート3", input: { title: "新" } }))
        .replaced,
    ).toBe(true);
    const list = await listListingTemplates(t.ctx, { sellerId: seller.id });
    expect(list).toHaveLength(TEMPLATES_MAX);
    await deleteListingTemplate(t.ctx, { actor: seller, templateId: list[0]!.id });
    await saveListingTemplate(t.ctx, { actor: seller, name: "もう一つ", input: { title: "商品" } });
    expect(await listListingTemplates(t.ctx, { sellerId: seller.id })).toHaveLength(TEMPLATES_MAX);
  });

  it("is the seller's alone: another member neither reads nor deletes it", async () => {
    const seller = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const { id } = await saveListingTemplate(t.ctx, { actor: seller, name: "私の", input: { title: "x" } });
    expect((await failure(getListingTemplate(t.ctx, { actor: other, templateId: id }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(deleteListingTemplate(t.ctx, { actor: other, templateId: id }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await listListingTemplates(t.ctx, { sellerId: other.id })).toEqual([]);
    expect(await listListingTemplates(t.ctx, { sellerId: seller.id })).toHaveLength(1);
    // Business buyers and operators never list, so they keep no templates either.
    const operator = await makeOperator(t.ctx);
    expect(
      (await failure(saveListingTemplate(t.ctx, { actor: operator, name: "x", input: { title: "x" } }))).code,
    ).toBe("FORBIDDEN");
    await deleteListingTemplate(t.ctx, { actor: seller, templateId: id });
    expect(await listListingTemplates(t.ctx, { sellerId: seller.id })).toEqual([]);
  });
});
