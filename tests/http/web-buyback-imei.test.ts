import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CATALOGUE } from "#core/catalog/device-catalogue.ts";
import { users } from "#db/schema/index.ts";
import { DEMO_TACS, seedDeviceModels } from "#db/seed/device-models.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { type SignedIn, signIn, signInOperator } from "../helpers/web.ts";

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

/** The application's IMEI look-up, as the page's script asks it (redirects not followed). */
async function lookUp(lang: "ja" | "en", imei: string, cookie = me.cookie, form = "buyback/application") {
  const res = await fetch(`${server.url}/${lang}/${form}/device/?${new URLSearchParams({ imei })}`, {
    redirect: "manual",
    headers: { accept: "application/json", ...(cookie ? { cookie } : {}) },
  });
  const text = await res.text();
  return {
    status: res.status,
    location: res.headers.get("location"),
    type: res.headers.get("content-type") ?? "",
    json: () => JSON.parse(text),
  };
}

describe("the buyback application's IMEI look-up", () => {
  it("names the category and model of every demo TAC, typed as the phone shows it", async () => {
    for (const [tac, brandCode, name] of DEMO_TACS) {
      const listed = DEVICE_CATALOGUE.find((m) => m.brandCode === brandCode && m.name === name);
      const imei = imeiFrom(`${tac}246810`).replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, "$1 $2 $3 $4");
      const res = await lookUp("ja", imei);
      expect(res.status, tac).toBe(200);
      expect(res.json(), tac).toMatchObject({
        device: { brand: { code: brandCode }, model: { name, categoryCode: listed?.categoryCode } },
      });
    }
  });

  it("answers the sell form the same for every demo TAC: brand, model and category", async () => {
    for (const [tac, brandCode, name] of DEMO_TACS) {
      const listed = DEVICE_CATALOGUE.find((m) => m.brandCode === brandCode && m.name === name);
      const res = await lookUp("en", imeiFrom(`${tac}135790`), me.cookie, "sell");
      expect(res.status, tac).toBe(200);
      expect(res.json(), tac).toMatchObject({
        device: { brand: { code: brandCode }, model: { name, categoryCode: listed?.categoryCode } },
      });
    }
  });

  it("says nothing of a device it does not know, and what is wrong with a bad number, never a 500", async () => {
    const unknown = await lookUp("ja", "35-693803-564380-9");
    expect([unknown.status, unknown.json()]).toEqual([200, { device: null }]);
    const good = imeiFrom("99000101123456");
    const wrongDigit = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    for (const [lang, imei, message] of [
      ["ja", wrongDigit, "IMEIを正しく入力してください"],
      ["en", wrongDigit, "Enter the IMEI correctly"],
      ["ja", `${good}1`, "IMEIは15桁の数字で入力してください"],
      ["en", good.slice(0, 14), "Enter all 15 digits of the IMEI"],
      ["en", "35693803564380x", "Enter all 15 digits of the IMEI"],
      ["ja", "", "IMEIを入力してください"],
      ["ja", "9".repeat(2000), "IMEIは15桁の数字で入力してください"],
    ] as const) {
      const res = await lookUp(lang, imei);
      expect(res.status, imei).toBe(422);
      expect(res.type).toContain("application/json");
      expect(res.json(), imei).toEqual({ error: { message } });
    }
  });

  it("is for members: visitors are sent to log in, business buyers and operators are refused", async () => {
    const imei = imeiFrom("99000101123456");
    const visitor = await lookUp("ja", imei, "");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/ja\/login\/\?redirect=/);
    const someone = await makeMember(server.ctx);
    await server.database.db.update(users).set({ role: "business" }).where(eq(users.id, someone.id));
    const business = await signIn(server, { ...someone, role: "business" });
    expect((await lookUp("ja", imei, business.cookie)).status).toBe(403);
    const grader = await signInOperator(server, ["grader"]);
    expect((await lookUp("ja", imei, grader.cookie)).status).toBe(403);
  });

  it("counts each member's look-ups, with the sell form's, and says when there were too many", async () => {
    const member = await signIn(server, await makeMember(server.ctx));
    const imei = imeiFrom("99000102123456");
    for (let i = 0; i < 30; i++) expect((await lookUp("ja", imei, member.cookie)).status).toBe(200);
    for (let i = 0; i < 30; i++) {
      const sell = await fetch(`${server.url}/ja/sell/device/?imei=${imei}`, {
        headers: { cookie: member.cookie },
      });
      expect(sell.status).toBe(200);
    }
    const over = await lookUp("ja", imei, member.cookie);
    expect(over.status).toBe(429);
    expect(over.json().error.message).toBeTruthy();
  });
});
