import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { type FakeEkyc, startFakeEkyc } from "#tests/helpers/fake-ekyc.ts";
import { createEkycProvider, ekycStatusOf } from "./ekyc-provider.ts";
import type { IdentityProvider, StartCheckInput } from "./identity-provider.ts";
import { createPolarifySandbox, decidePolarifyCheck } from "./polarify-sandbox.ts";

let t: TestCore;
let fake: FakeEkyc;
beforeAll(async () => {
  [t, fake] = await Promise.all([createTestCore("pglite"), startFakeEkyc()]);
});
afterAll(() => Promise.allSettled([t.close(), fake.close()]));

const INPUT: StartCheckInput = {
  documents: [{ kind: "id_front", key: "private/identity/1/front.jpg" }],
  applicant: { name: "山田 太郎" },
  returnUrls: { success: "https://tsugu.example/ekyc/success/", error: "https://tsugu.example/ekyc/error/" },
  locale: "ja",
};

const liveProvider = () =>
  createEkycProvider(
    { apiBase: fake.url, apiKey: fake.apiKey, apiSecret: fake.apiSecret, webhookSecret: fake.webhookSecret },
    { callbackUrl: "https://tsugu.example/webhooks/ekyc" },
  );

type Driver = {
  make(): IdentityProvider;
  approve(reference: string): Promise<void>;
  reject(reference: string): Promise<void>;
};

const drivers: [string, () => Driver][] = [
  [
    "the Polarify stand-in",
    () => ({
      make: () => createPolarifySandbox({ db: t.ctx.db, clock: t.clock, publicUrl: "https://tsugu.example" }),
      async approve(reference) {
        await decidePolarifyCheck(t.ctx, {
          reference,
          decision: "approve",
          facts: {
            name: "山田 太郎",
            address: "東京都千代田区1-1",
            birthDate: "1990-05-15",
            occupation: "会社員",
          },
        });
      },
      async reject(reference) {
        await decidePolarifyCheck(t.ctx, { reference, decision: "reject", reason: "document_unreadable" });
      },
    }),
  ],
  [
    "the eKYC provider's documented API (faked on loopback)",
    () => ({
      make: liveProvider,
      async approve(reference) {
        fake.decide(reference, "APPROVED", {
          docFirstName: "太郎",
          docLastName: "山田",
          docDob: "1990-05-15",
          address: "東京都千代田区1-1",
        });
      },
      async reject(reference) {
        fake.decide(reference, "DENIED");
      },
    }),
  ],
];

describe.each(drivers)("identity verification at %s", (_name, driver) => {
  it("opens a check the member finishes on the provider's page, pending until the provider decides", async () => {
    const d = driver();
    const provider = d.make();
    expect(provider.method).toBe("ekyc-photo-id-selfie");
    const started = await provider.startCheck(INPUT);
    expect(started.reference.length).toBeGreaterThan(8);
    expect(started.redirectUrl).toMatch(/^https?:\/\//);
    expect(started.expiresAt).toBeInstanceOf(Date);
    expect((await provider.getResult(started.reference))?.status).toBe("pending");
  });

  it("answers verified with the facts read off the document once the provider approves", async () => {
    const d = driver();
    const provider = d.make();
    const { reference } = await provider.startCheck(INPUT);
    await d.approve(reference);
    const result = await provider.getResult(reference);
    expect(result?.status).toBe("verified");
    expect(result?.facts).toMatchObject({
      name: "山田 太郎",
      birthDate: "1990-05-15",
      address: "東京都千代田区1-1",
    });
  });

  it("answers rejected, with no facts, when the provider refuses", async () => {
    const d = driver();
    const provider = d.make();
    const { reference } = await provider.startCheck(INPUT);
    await d.reject(reference);
    const result = await provider.getResult(reference);
    expect(result).toMatchObject({ status: "rejected", facts: null });
    expect(result?.reason).toBeTruthy();
  });

  it("knows nothing of a reference it never issued", async () => {
    expect(await driver().make().getResult("plr_AAAAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
  });
});

describe("the eKYC provider's callbacks", () => {
  const provider = liveProvider;

  it("names the check of a callback signed with the webhook secret, and nothing for a forged one", async () => {
    const p = provider();
    const { reference } = await p.startCheck(INPUT);
    const signed = fake.callback(reference);
    expect(p.verifyCallback(signed.headers, signed.body)).toBe(reference);
    expect(p.verifyCallback(signed.headers, signed.body.replace("ACTIVE", "APPROVED"))).toBeNull();
    expect(p.verifyCallback({}, signed.body)).toBeNull();
    expect(p.verifyCallback({ "idenfy-signature": "0".repeat(64) }, signed.body)).toBeNull();
  });

  it("reads the provider's statuses: SUSPECTED stays pending until final", () => {
    expect(ekycStatusOf("APPROVED", true)).toBe("verified");
    expect(ekycStatusOf("DENIED", true)).toBe("rejected");
    expect(ekycStatusOf("SUSPECTED", false)).toBe("pending");
    expect(ekycStatusOf("SUSPECTED", true)).toBe("rejected");
    expect(ekycStatusOf("EXPIRED-DENIED", true)).toBe("expired");
    expect(ekycStatusOf("REVIEWING", false)).toBe("pending");
  });
});
