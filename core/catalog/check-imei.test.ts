import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TACS, seedDeviceModels } from "#db/seed/device-models.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import { type CarrierStatusProvider, unofferedCarrierStatus } from "./carrier-status.ts";
import { checkImei, deviceForForm } from "./check-imei.ts";
import { DEVICE_CATALOGUE } from "./device-catalogue.ts";
import { identifyDevice } from "./models.ts";

/** A carrier lookup that says "no restriction" for every number, and counts what it was asked. */
function alwaysClear(): CarrierStatusProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    name: "always-clear",
    kind: "sandbox",
    asked,
    async status(imei) {
      asked.push(imei);
      return { status: "○", checkedAt: new Date("2026-11-22T03:00:00Z") };
    },
  };
}

describe.each(ENGINES)("the IMEI checker on %s", (engine) => {
  let t: TestCore;
  let ip = 0;
  const check = (input: unknown, carrierStatus?: CarrierStatusProvider) =>
    checkImei(t.ctx, { input, ip: `192.0.2.${++ip}`, ...(carrierStatus && { carrierStatus }) });

  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the maker, model and restriction status of a device in the TAC table", async () => {
    const carrier = alwaysClear();
    const imei = imeiFrom("99000101123456");
    const result = await check({ imei }, carrier);
    expect(result).toMatchObject({
      imei,
      tac: "99000101",
      known: true,
      brand: { code: "00001", name: "Apple" },
      model: { name: "iPhone 13", categoryCode: "05" },
      networkRestriction: "○",
      restrictionChecked: true,
    });
    expect(carrier.asked).toEqual([imei]);
  });

  it('says "not checked" where no carrier lookup is configured, never a guessed status', async () => {
    const imei = imeiFrom("99000101123456");
    const result = await check({ imei }, unofferedCarrierStatus());
    expect(result).toMatchObject({
      known: true,
      model: { name: "iPhone 13" },
      networkRestriction: null,
      restrictionChecked: false,
      checkedAt: null,
    });
  });

  it("says nothing reassuring about a valid IMEI whose device it does not know: no ○, status unknown", async () => {
    const carrier = alwaysClear();
    // The example IMEI as an iPhone's settings show it; its TAC is not in the table.
    const result = await check({ imei: "35 693803 564380 9" }, carrier);
    expect(result).toEqual({
      imei: "356938035643809",
      tac: "35693803",
      known: false,
      brand: null,
      model: null,
      networkRestriction: null,
      restrictionChecked: false,
      checkedAt: null,
    });
    // The carriers' answer is never asked for, so it cannot show as ○ for an unknown device.
    expect(carrier.asked).toEqual([]);
  });

  it("accepts hyphens and full-width digits as typed", async () => {
    const imei = imeiFrom("99000102123456");
    const hyphens = `${imei.slice(0, 2)}-${imei.slice(2, 8)}-${imei.slice(8, 14)}-${imei.slice(14)}`;
    const fullWidth = imei.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    for (const typed of [hyphens, fullWidth]) {
      const result = await check({ imei: typed });
      expect([result.imei, result.model?.name]).toEqual([imei, "iPhone 12"]);
    }
  });

  it("tells a wrong check digit from a wrong length", async () => {
    const good = imeiFrom("99000101123456");
    const wrongDigit = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    expect(said(await failure(check({ imei: wrongDigit }))).fields.imei).toEqual({
      ja: "IMEIを正しく入力してください",
      en: "Enter the IMEI correctly",
    });
    for (const imei of [good.slice(0, 14), `${good}0`, "12"]) {
      expect(said(await failure(check({ imei }))).fields.imei).toEqual({
        ja: "IMEIは15桁の数字で入力してください",
        en: "Enter all 15 digits of the IMEI",
      });
    }
  });

  it("identifies the device behind an IMEI for the listing form, or nothing for an unknown one", async () => {
    expect(await identifyDevice(t.ctx, imeiFrom("99000201123456"))).toMatchObject({
      brand: { code: "00005", name: "Google" },
      model: { name: "Pixel 7a", categoryCode: "05" },
    });
    expect(await identifyDevice(t.ctx, "356938035643809")).toBeNull();
    expect(await identifyDevice(t.ctx, "9900010")).toBeNull();
  });

  it("fills the listing form and the buyback application: maker, model and category of every demo TAC", async () => {
    const fill = (imei: string) => deviceForForm(t.ctx, { actorId: 9001, input: { imei } });
    for (const [tac, brandCode, name] of DEMO_TACS) {
      const listed = DEVICE_CATALOGUE.find((m) => m.brandCode === brandCode && m.name === name);
      // As a phone shows it: spaces between the groups.
      const imei = imeiFrom(`${tac}765432`).replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, "$1 $2 $3 $4");
      expect(await fill(imei), tac).toMatchObject({
        brand: { code: brandCode },
        model: { name, categoryCode: listed?.categoryCode },
      });
    }
    // A device the TAC table does not know is nothing, never a guess.
    expect(await fill("35 693803 564380 9")).toBeNull();
    // A wrong number says what is wrong with it, as the checker does.
    const good = imeiFrom("99000101123456");
    expect(
      said(await failure(fill(`${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`))).fields.imei,
    ).toEqual({
      ja: "IMEIを正しく入力してください",
      en: "Enter the IMEI correctly",
    });
  });

  it("limits the look-ups per member", async () => {
    const imei = imeiFrom("99000101123456");
    const fill = (actorId: number) => deviceForForm(t.ctx, { actorId, input: { imei } });
    for (let i = 0; i < 60; i++) await fill(9002);
    expect((await failure(fill(9002))).code).toBe("RATE_LIMITED");
    // Another member is not held back by it.
    expect(await fill(9003)).toMatchObject({ model: { name: "iPhone 13" } });
  });
});
