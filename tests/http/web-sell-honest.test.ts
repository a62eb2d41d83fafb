import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { jpeg, LISTING, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;
let me: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  await seedDeviceModels(server.database.db);
  me = await signIn(server, await makeMember(server.ctx));
});
afterAll(async () => {
  await server?.close();
});

async function send(url: string, form?: FormData) {
  const res = await fetch(`${server.url}${url}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { origin: server.url, cookie: me.cookie },
    body: form,
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** The listing form as a browser without JavaScript sends it. */
async function listingForm(fields: Record<string, string | string[]>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...LISTING, ...fields })) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, String(value));
  }
  form.append("intent", "publish");
  form.append("newPhotos", new File([Buffer.from(await jpeg())], "phone.jpg", { type: "image/jpeg" }));
  return form;
}

describe("the sell form without JavaScript", () => {
  const flawlessButLocked = {
    title: "iPhone 13 128GB 美品",
    condition: "USED",
    defects: [],
    activationLock: "on",
  };

  it("shows the contradiction and lists only when the seller confirms it", async () => {
    const refused = await send("/ja/sell/", await listingForm(flawlessButLocked));
    expect(refused.status).toBe(422);
    const page = parse(refused.text);
    expect(page.querySelector('[data-testid="contradiction-warning"]')?.text).toContain(
      "アクティベーションロックがかかっています",
    );
    expect(page.querySelector('[data-testid="error-confirmContradictions"]')?.text).toBe(
      "内容を見直すか、「このまま出品します」にチェックを入れてください",
    );
    const listed = await send(
      "/ja/sell/",
      await listingForm({ ...flawlessButLocked, confirmContradictions: "1" }),
    );
    expect(listed.status).toBe(302);
    expect(listed.location).toMatch(/^\/ja\/items\/\d+\/$/);
  });

  it("fills brand and model from the IMEI when the seller left them empty", async () => {
    const listed = await send(
      "/ja/sell/",
      await listingForm({
        brandCode: "",
        modelId: "",
        imei: "99 000104 123456 " + imeiFrom("99000104123456").slice(14),
      }),
    );
    expect(listed.status).toBe(302);
    const item = parse((await send(listed.location!)).text);
    expect(item.querySelector('[data-testid="item-facts"]')?.text).toContain("iPhone SE (第2世代)");
  });
});

describe("the sell form's IMEI look-up", () => {
  it("names the maker and model of a known IMEI, nothing for an unknown one, and says what is wrong with a bad one", async () => {
    const known = await send(`/ja/sell/device/?imei=${encodeURIComponent(imeiFrom("99000201123456"))}`);
    expect(known.status).toBe(200);
    expect(JSON.parse(known.text)).toMatchObject({
      device: { brand: { name: "Google" }, model: { name: "Pixel 7a", categoryCode: "05" } },
    });
    const unknown = await send(`/ja/sell/device/?imei=${encodeURIComponent("35 693803 564380 9")}`);
    expect(JSON.parse(unknown.text)).toEqual({ device: null });
    const short = await send("/en/sell/device/?imei=3569380356438");
    expect(short.status).toBe(422);
    expect(JSON.parse(short.text)).toEqual({ error: { message: "Enter all 15 digits of the IMEI" } });
  });
});
