import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { identityChecks, sandboxRecords, users } from "#db/schema/index.ts";
import { createMember, testImage } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { getIdentification } from "./get-identification.ts";
import { isIdentityVerified } from "./is-identity-verified.ts";
import { decidePolarifyCheck, getPolarifyHostedCheck, POLARIFY_CHECK_TTL_MS } from "./polarify-sandbox.ts";
import { refreshIdentityCheck } from "./refresh-identity-check.ts";
import { saveAddress } from "./save-address.ts";
import { startIdentityVerification } from "./start-identity-verification.ts";

const FACTS = {
  name: "山田 花子",
  address: "東京都千代田区千代田1-1",
  birthDate: "1990-04-01",
  occupation: "会社員",
};

describe.each(ENGINES)("identity verification (Polarify sandbox) on %s", (engine) => {
  let t: TestCore;
  let files: { idFront: Uint8Array; selfie: Uint8Array };
  beforeEach(async () => {
    t = await createTestCore(engine);
    files = {
      idFront: await testImage(),
      selfie: await testImage({ format: "png", width: 300, height: 300 }),
    };
  });
  afterEach(async () => {
    await t.close();
  });

  async function start(member: Awaited<ReturnType<typeof createMember>>, locale: "ja" | "en" = "ja") {
    return startIdentityVerification(t.ctx, { actor: member, files, locale });
  }

  it("verifies a member the provider approved, recording facts, date and the legal method", async () => {
    const member = await createMember(t);
    await saveAddress(t.ctx, {
      userId: member.id,
      input: {
        familyName: "山田",
        givenName: "花子",
        familyNameKana: "ヤマダ",
        givenNameKana: "ハナコ",
        postalCode: "1000001",
        prefectureCode: "13",
        city: "千代田区",
        street: "千代田1-1",
        phone: "0312345678",
      },
    });
    const started = await start(member);
    expect(started.redirectUrl).toBe(`http://tsugu.test/sandbox/polarify/${started.reference}/`);
    expect(started.expiresAt).toEqual(new Date(t.clock.now().getTime() + POLARIFY_CHECK_TTL_MS));

    // The pictures are kept privately, re-encoded, and shown to the provider's reviewer.
    const [check] = await t.ctx.db.select().from(identityChecks).where(eq(identityChecks.userId, member.id));
    expect(check).toMatchObject({ provider: "polarify", method: "ekyc-photo-id-selfie", status: "pending" });
    expect(check!.documentKeys).toHaveLength(2);
    for (const key of check!.documentKeys) {
      expect(key).toMatch(new RegExp(`^private/identity/${member.id}/[0-9a-f]{32}-large\\.webp$`));
      expect((await t.ctx.blobs.get(key))?.contentType).toBe("image/webp");
    }
    const hosted = await getPolarifyHostedCheck(t.ctx, started.reference);
    expect(hosted).toMatchObject({
      status: "pending",
      locale: "ja",
      applicant: { name: "山田 花子", address: "〒100-0001 東京都千代田区千代田1-1" },
    });
    expect(hosted!.documents.map((d) => [d.kind, d.src?.slice(0, 23)])).toEqual([
      ["id_front", "data:image/webp;base64,"],
      ["selfie", "data:image/webp;base64,"],
    ]);

    t.clock.advance(5 * 60 * 1000);
    const { redirectUrl } = await decidePolarifyCheck(t.ctx, {
      reference: started.reference,
      decision: "approve",
      facts: FACTS,
    });
    expect(redirectUrl).toBe(`http://tsugu.test/ja/ekyc/polarify/success/?reference=${started.reference}`);
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(false);

    const result = await refreshIdentityCheck(t.ctx, { userId: member.id, reference: started.reference });
    expect(result).toMatchObject({
      status: "verified",
      facts: FACTS,
      completedAt: t.clock.now(),
      reason: null,
    });
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(true);
    const status = await getIdentification(t.ctx, member.id);
    expect(status).toMatchObject({ verifiedAt: t.clock.now(), method: "ekyc-photo-id-selfie" });
    expect(status.latest?.status).toBe("verified");
    // Once verified, there is nothing more to submit.
    const again = await failure(start(member));
    expect(again.code).toBe("CONFLICT");
    expect(said(again).message.ja).toBe("本人確認はすでに完了しています");
  });

  it("does not trust the redirect: the success page before the provider decided leaves the check pending", async () => {
    const member = await createMember(t);
    const started = await start(member);
    const early = await refreshIdentityCheck(t.ctx, { userId: member.id, reference: started.reference });
    expect(early.status).toBe("pending");
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(false);
    // Someone else's reference, or a made-up one, is not found.
    const other = await createMember(t);
    expect(
      (await failure(refreshIdentityCheck(t.ctx, { userId: other.id, reference: started.reference }))).code,
    ).toBe("NOT_FOUND");
    expect(
      (await failure(refreshIdentityCheck(t.ctx, { userId: member.id, reference: "plr_forged" }))).code,
    ).toBe("NOT_FOUND");
    expect((await failure(refreshIdentityCheck(t.ctx, { userId: member.id, reference: null }))).code).toBe(
      "NOT_FOUND",
    );
    // Once approved, the check still verifies only the member who started it.
    await decidePolarifyCheck(t.ctx, { reference: started.reference, decision: "approve", facts: FACTS });
    await failure(refreshIdentityCheck(t.ctx, { userId: other.id, reference: started.reference }));
    expect(await isIdentityVerified(t.ctx, other.id)).toBe(false);
  });

  it("records a rejection with its reason, and a new attempt can still succeed", async () => {
    const member = await createMember(t, { locale: "en" });
    const first = await start(member, "en");
    const { redirectUrl } = await decidePolarifyCheck(t.ctx, {
      reference: first.reference,
      decision: "reject",
      reason: "face_mismatch",
    });
    expect(redirectUrl).toBe(`http://tsugu.test/en/ekyc/polarify/error/?reference=${first.reference}`);
    const rejected = await refreshIdentityCheck(t.ctx, { userId: member.id, reference: first.reference });
    expect(rejected).toMatchObject({ status: "rejected", reason: "face_mismatch", facts: null });
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(false);
    // A decided check cannot be decided again.
    await decidePolarifyCheck(t.ctx, { reference: first.reference, decision: "approve", facts: FACTS });
    expect((await t.ctx.identity.getResult(first.reference))?.status).toBe("rejected");

    t.clock.advance(60_000);
    const second = await start(member, "en");
    await decidePolarifyCheck(t.ctx, { reference: second.reference, decision: "approve", facts: FACTS });
    // The settings page brings the latest check up to date even if the member never came back.
    const status = await getIdentification(t.ctx, member.id);
    expect(status.latest).toMatchObject({ reference: second.reference, status: "verified" });
    expect(status.verifiedAt).toEqual(t.clock.now());
  });

  it("expires a check not decided within 30 minutes", async () => {
    const member = await createMember(t);
    const started = await start(member);
    t.clock.advance(POLARIFY_CHECK_TTL_MS);
    expect((await t.ctx.identity.getResult(started.reference))?.status).toBe("expired");
    expect((await getPolarifyHostedCheck(t.ctx, started.reference))?.status).toBe("expired");
    // Approving too late changes nothing and sends the member to the error page.
    const late = await decidePolarifyCheck(t.ctx, {
      reference: started.reference,
      decision: "approve",
      facts: FACTS,
    });
    expect(late.redirectUrl).toContain("/ja/ekyc/polarify/error/");
    const status = await getIdentification(t.ctx, member.id);
    expect(status.latest).toMatchObject({ status: "expired", reason: "expired" });
    expect(status.verifiedAt).toBeNull();
    const [record] = await t.ctx.db.select().from(sandboxRecords);
    expect(record!.state).toBe("pending");
  });

  it("asks for both pictures and refuses files that are not pictures", async () => {
    const member = await createMember(t);
    const none = await failure(
      startIdentityVerification(t.ctx, {
        actor: member,
        files: { idFront: null, selfie: null },
        locale: "ja",
      }),
    );
    expect(none.code).toBe("VALIDATION");
    expect(said(none).fields.idFront).toEqual({
      ja: "画像ファイルを選んでください",
      en: "Choose an image file",
    });
    expect(said(none).fields.selfie?.ja).toBe("画像ファイルを選んでください");
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const bad = await failure(
      startIdentityVerification(t.ctx, {
        actor: member,
        files: { idFront: html, selfie: files.selfie },
        locale: "ja",
      }),
    );
    expect(bad.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(said(bad).fields.idFront?.ja).toBe("JPEG・PNG・WebP・HEIC形式の画像を選んでください");
    const badSelfie = await failure(
      startIdentityVerification(t.ctx, {
        actor: member,
        files: { idFront: files.idFront, selfie: html },
        locale: "ja",
      }),
    );
    expect(said(badSelfie).fields.selfie?.en).toBe("Choose a JPEG, PNG, WebP or HEIC image");
    expect(await t.ctx.db.select().from(identityChecks)).toEqual([]);
    expect(await t.ctx.db.select().from(sandboxRecords)).toEqual([]);
  });

  it("checks what the sandbox reviewer enters", async () => {
    const member = await createMember(t);
    const started = await start(member);
    const future = await failure(
      decidePolarifyCheck(t.ctx, {
        reference: started.reference,
        decision: "approve",
        facts: { ...FACTS, birthDate: "2030-01-01" },
      }),
    );
    expect(said(future).fields.birthDate?.ja).toBe("生年月日を正しく入力してください");
    const empty = await failure(
      decidePolarifyCheck(t.ctx, {
        reference: started.reference,
        decision: "approve",
        facts: { ...FACTS, occupation: "" },
      }),
    );
    expect(said(empty).fields.occupation?.ja).toBe("職業を入力してください");
    const reason = await failure(
      decidePolarifyCheck(t.ctx, { reference: started.reference, decision: "reject", reason: "bored" }),
    );
    expect(reason.code).toBe("VALIDATION");
    expect((await t.ctx.identity.getResult(started.reference))?.status).toBe("pending");
    expect((await failure(getMissing())).code).toBe("NOT_FOUND");

    function getMissing() {
      return decidePolarifyCheck(t.ctx, {
        reference: "plr_AAAAAAAAAAAAAAAAAAAAAAAA",
        decision: "reject",
        reason: "face_mismatch",
      });
    }
  });

  it("allows at most 10 checks a day per member", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 10; i++) await start(member);
    const e = await failure(start(member));
    expect(e.code).toBe("RATE_LIMITED");
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.identityVerifiedAt).toBeNull();
  });
});
