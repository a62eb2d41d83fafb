import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, identityChecks } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { type FakeEkyc, startFakeEkyc } from "#tests/helpers/fake-ekyc.ts";
import { TEST_ADDRESS } from "#tests/helpers/trading.ts";
import { createEkycProvider, ekycStatusOf } from "./ekyc-provider.ts";
import type { IdentityProvider, StartCheckInput } from "./identity-provider.ts";
import { createPolarifySandbox, decidePolarifyCheck } from "./polarify-sandbox.ts";
import { receiveIdentityCallback, refreshIdentityCheck } from "./refresh-identity-check.ts";
import { startIdentityVerification } from "./start-identity-verification.ts";

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

describe("a member's check at a provider that photographs the documents itself", () => {
  it("starts with no upload and keeps no picture; back after the callback, the member sees the result", async () => {
    const ctx = { ...t.ctx, identity: liveProvider() };
    const member = await makeMember(ctx);
    await ctx.db
      .insert(addresses)
      .values({ userId: member.id, ...TEST_ADDRESS, familyName: "山田", givenName: "太郎" });
    const started = await startIdentityVerification(ctx, {
      actor: member,
      files: { idFront: null, selfie: null },
      locale: "ja",
    });
    expect(started.redirectUrl).toContain("/api/v2/redirect?authToken=");
    const [row] = await ctx.db.select().from(identityChecks).where(eq(identityChecks.userId, member.id));
    expect(row).toMatchObject({ status: "pending", documentKeys: [] });
    // The provider decides, its signed callback records it, and only then does the browser come back.
    fake.decide(started.reference, "APPROVED", {
      docFirstName: "太郎",
      docLastName: "山田",
      docDob: "1990-05-15",
      address: "東京都渋谷区神宮前1-2-3",
    });
    const callback = fake.callback(started.reference);
    expect(await receiveIdentityCallback(ctx, { headers: callback.headers, body: callback.body })).toEqual({
      applied: true,
    });
    // Back without a reference (as this provider sends members back): the decided check is shown.
    const back = await refreshIdentityCheck(ctx, { userId: member.id, reference: null });
    expect(back).toMatchObject({ reference: started.reference, status: "verified" });
  });
});
