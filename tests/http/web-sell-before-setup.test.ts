import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, users } from "#db/schema/index.ts";
import { jpeg, LISTING, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { SETUP_ADDRESS, SETUP_BANK, signIn } from "../helpers/web.ts";

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
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookies: res.headers.getSetCookie(),
    html: await res.text(),
  };
}

/** The flash cookie a redirect set, to send with the next request. */
function flashOf(res: { cookies: string[] }): string {
  return res.cookies.map((c) => c.split(";")[0]!).join("; ");
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

/** A form of plain fields. */
function fields(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

/** The setup's address and bank account steps, as a member fills them in. */
async function saveAddressAndBank(cookie: string) {
  const address = await send("/ja/setup/address/", cookie, fields(SETUP_ADDRESS));
  expect(address.status).toBe(302);
  const bank = await send("/ja/setup/bank-account/", cookie, fields(SETUP_BANK));
  expect(bank.status).toBe(302);
}

const stateOf = async (id: number) =>
  (await server.database.db.select().from(items).where(eq(items.id, id)))[0]!.state;

describe("a new member's first listing", () => {
  it("taps 出品する, goes through the seller setup, and lands on the listing on sale at its end", async () => {
    const me = await signIn(server, await makeMember(server.ctx, { sellerSetup: false }));
    const sell = await send("/ja/sell/", me.cookie);
    expect(sell.status).toBe(200);
    expect(sell.html).toContain("登録が終わると、そのまま出品されます");

    const published = await send("/ja/sell/", me.cookie, await listingForm("publish"));
    expect(published.status).toBe(302);
    const [draft] = await server.database.db.select().from(items).where(eq(items.sellerId, me.id));
    expect(draft?.state).toBe("DRAFT");
    const here = `/ja/items/${draft!.id}/`;
    const carry = `?redirect=${encodeURIComponent(here)}&publish=${draft!.id}`;
    expect(published.location).toBe(`/ja/setup/address/${carry}`);

    // Every step carries the draft on to the next.
    const addressPage = await send(published.location!, me.cookie);
    expect(addressPage.html).toContain(`name="publish" value="${draft!.id}"`);
    const address = await send(
      published.location!,
      me.cookie,
      fields({ ...SETUP_ADDRESS, redirect: here, publish: String(draft!.id) }),
    );
    expect(address.location).toBe(`/ja/setup/bank-account/${carry}`);
    const bank = await send(
      address.location!,
      me.cookie,
      fields({ ...SETUP_BANK, redirect: here, publish: String(draft!.id) }),
    );
    expect(bank.location).toBe(`/ja/setup/credit-card/${carry}`);
    const card = await send(bank.location!, me.cookie);
    // The card is optional: skipping it ends the setup.
    expect(card.html).toContain(`href="/ja/setup/complete/${carry.replace("&", "&amp;")}"`);
    expect(await stateOf(draft!.id)).toBe("DRAFT");

    const done = await send(`/ja/setup/complete/${carry}`, me.cookie);
    expect(done.status).toBe(302);
    expect(done.location).toBe(here);
    expect(await stateOf(draft!.id)).toBe("SALE");
    // The page says so in the snackbar.
    const item = await send(here, `${me.cookie}; ${flashOf(done)}`);
    expect(item.html).toContain("catalog.published");

    // Coming back to the setup's end changes nothing more.
    const again = await send(`/ja/setup/complete/${carry}`, me.cookie);
    expect(again.status).toBe(200);
    expect(await stateOf(draft!.id)).toBe("SALE");
  });

  it("keeps the listing as a draft when the setup is left halfway, to be published from マイページ later", async () => {
    const me = await signIn(server, await makeMember(server.ctx, { sellerSetup: false }));
    const published = await send("/ja/sell/", me.cookie, await listingForm("publish"));
    const [draft] = await server.database.db.select().from(items).where(eq(items.sellerId, me.id));
    const here = `/ja/items/${draft!.id}/`;
    // The setup's end before its steps sends back to the first one, still carrying the draft.
    const early = await send(
      `/ja/setup/complete/?redirect=${encodeURIComponent(here)}&publish=${draft!.id}`,
      me.cookie,
    );
    expect(early.location).toBe(published.location);
    expect(await stateOf(draft!.id)).toBe("DRAFT");

    const drafts = await send("/ja/mypage/listing-items/?tab=draft", me.cookie);
    expect(drafts.html).toContain(here);

    // The draft's own 出品する button (the filled one) leads through the setup the same way.
    const page = await send(here, me.cookie);
    expect(page.html).toMatch(/<button[^>]*value="publish"[^>]*class="[^"]*bg-brand-600/);
    const again = await send(here, me.cookie, fields({ intent: "publish" }));
    expect(again.location).toBe(published.location);

    // Once set up, the same button puts it on sale.
    await server.database.db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.id, me.id));
    const onSale = await send(here, me.cookie, fields({ intent: "publish" }));
    expect(onSale.location).toBe(here);
    expect(await stateOf(draft!.id)).toBe("SALE");
  });

  it("publishes only the member's own draft they asked to publish", async () => {
    const owner = await signIn(server, await makeMember(server.ctx, { sellerSetup: false }));
    await send("/ja/sell/", owner.cookie, await listingForm("publish"));
    const [asked] = await server.database.db.select().from(items).where(eq(items.sellerId, owner.id));
    // A draft saved as a draft is never published by the setup's end.
    await send("/ja/sell/", owner.cookie, await listingForm("draft"));
    const kept = (await server.database.db.select().from(items).where(eq(items.sellerId, owner.id))).find(
      (i) => i.id !== asked!.id,
    )!;
    await saveAddressAndBank(owner.cookie);
    const notAsked = await send(
      `/ja/setup/complete/?redirect=%2Fja%2Fmypage%2F&publish=${kept.id}`,
      owner.cookie,
    );
    expect(notAsked.status).toBe(200);
    expect(await stateOf(kept.id)).toBe("DRAFT");

    // Someone else cannot publish it through their own setup's end.
    const other = await signIn(server, await makeMember(server.ctx));
    await saveAddressAndBank(other.cookie);
    const theirs = await send(
      `/ja/setup/complete/?redirect=%2Fja%2Fmypage%2F&publish=${asked!.id}`,
      other.cookie,
    );
    expect(theirs.status).toBe(200);
    expect(await stateOf(asked!.id)).toBe("DRAFT");

    // A draft that is no longer complete opens in its edit form, still a draft.
    await server.database.db.update(items).set({ shippingMethod: null }).where(eq(items.id, asked!.id));
    const check = await send(
      `/ja/setup/complete/?redirect=%2Fja%2Fmypage%2F&publish=${asked!.id}`,
      owner.cookie,
    );
    expect(check.location).toBe(`/ja/items/${asked!.id}/edit/`);
    expect(await stateOf(asked!.id)).toBe("DRAFT");

    // A garbled id is no draft at all.
    expect((await send("/ja/setup/complete/?publish=abc", owner.cookie)).status).toBe(200);
  });
});
