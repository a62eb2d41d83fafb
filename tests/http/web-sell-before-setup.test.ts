import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, users } from "#db/schema/index.ts";
import { jpeg, LISTING, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { signIn } from "../helpers/web.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function send(url: string, cookie: string, form?: FormData) {
  const res = await fetch(`${server.url}${url}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { origin: server.url, cookie },
    body: form,
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

async function listingForm(intent: "publish" | "draft"): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(LISTING)) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, String(value));
  }
  form.append("intent", intent);
  form.append("newPhotos", new File([Buffer.from(await jpeg())], "phone.jpg", { type: "image/jpeg" }));
  return form;
}

describe("a new member's first listing", () => {
  it("is written before the seller setup, kept as a draft at publishing, and published after the setup", async () => {
    const me = await signIn(server, await makeMember(server.ctx, { sellerSetup: false }));
    const sell = await send("/ja/sell/", me.cookie);
    expect(sell.status).toBe(200);
    expect(sell.html).toContain("商品情報は先に入力して、下書きに保存しておけます");

    const published = await send("/ja/sell/", me.cookie, await listingForm("publish"));
    expect(published.status).toBe(302);
    const [draft] = await server.database.db.select().from(items).where(eq(items.sellerId, me.id));
    expect(draft?.state).toBe("DRAFT");
    expect(published.location).toBe(
      `/ja/setup/address/?redirect=${encodeURIComponent(`/ja/items/${draft!.id}/`)}`,
    );

    // The draft's own publish button leads to the setup too, until it is done.
    const publishForm = new FormData();
    publishForm.append("intent", "publish");
    const again = await send(`/ja/items/${draft!.id}/`, me.cookie, publishForm);
    expect(again.location).toBe(published.location);

    // Once set up, the same button puts it on sale.
    await server.database.db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.id, me.id));
    const onSale = await send(`/ja/items/${draft!.id}/`, me.cookie, publishForm);
    expect(onSale.location).toBe(`/ja/items/${draft!.id}/`);
    const [after] = await server.database.db.select().from(items).where(eq(items.id, draft!.id));
    expect(after?.state).toBe("SALE");
  });
});
