import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import { type CarrierStatusProvider, unofferedCarrierStatus } from "./carrier-status.ts";
import { checkImei } from "./check-imei.ts";
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
      model: { name: "iPhone 13" },
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
});
