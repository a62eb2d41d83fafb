import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges, users } from "#db/schema/index.ts";
import { captureSms, createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn } from "#tests/helpers/smtp.ts";
import { getVerifiedPhone } from "../account/get-phone-number.ts";
import { confirmPhoneVerification } from "./confirm-phone-verification.ts";
import { startPhoneVerification } from "./start-phone-verification.ts";

const IP = "192.0.2.20";

describe.each(ENGINES)("phone verification on %s", (engine) => {
  let t: TestCore;
  let sms: { to: string; text: string }[];
  beforeEach(async () => {
    t = await createTestCore(engine);
    sms = captureSms(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const lastCode = (to: string) => codeIn(sms.filter((m) => m.to === to).at(-1)!.text);
  const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

  it("texts a code to the number and makes it the member's verified phone", async () => {
    const member = await createMember(t);
    const { ticket, phoneNumber } = await startPhoneVerification(t.ctx, {
      actor: member,
      input: { phoneNumber: "０９０－１２３４－５６７８" },
      locale: "ja",
      ip: IP,
    });
    expect(phoneNumber).toBe("09012345678");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe("09012345678");
    expect(sms[0]!.text).toMatch(/^【Tsugu】確認コード: \d{6}\n/);
    // Only a keyed hash of the code is kept.
    const [row] = await t.ctx.db.select().from(challenges);
    expect(row).toMatchObject({ channel: "sms", purpose: "phone_verify", destination: "09012345678" });
    expect(JSON.stringify(row)).not.toContain(lastCode("09012345678"));
    expect(await getVerifiedPhone(t.ctx, member.id)).toBeNull();

    const done = await confirmPhoneVerification(t.ctx, {
      actor: member,
      ticket,
      input: { code: lastCode("09012345678") },
    });
    expect(done).toEqual({ phoneNumber: "09012345678", verifiedAt: t.clock.now() });
    expect(await getVerifiedPhone(t.ctx, member.id)).toEqual(done);
    // The code is single use.
    const again = await failure(
      confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code: lastCode("09012345678") } }),
    );
    expect(said(again).fields.code?.ja).toContain("有効期限");
  });

  it("writes the text in the member's language", async () => {
    const member = await createMember(t, { locale: "en" });
    await startPhoneVerification(t.ctx, {
      actor: member,
      input: { phoneNumber: "08011112222" },
      locale: "en",
      ip: IP,
    });
    expect(sms[0]!.text).toMatch(/^\[Tsugu\] Your code: \d{6}\n/);
  });

  it("accepts only Japanese mobile numbers", async () => {
    const member = await createMember(t);
    for (const phoneNumber of ["0312345678", "090123456789", "050-1234-5678", "090-1234-567a"]) {
      const e = await failure(
        startPhoneVerification(t.ctx, { actor: member, input: { phoneNumber }, locale: "ja", ip: IP }),
      );
      expect(said(e).fields.phoneNumber, phoneNumber).toEqual({
        ja: "電話番号を正しく入力してください",
        en: "Enter the phone number correctly",
      });
    }
    const empty = await failure(
      startPhoneVerification(t.ctx, { actor: member, input: { phoneNumber: "" }, locale: "ja", ip: IP }),
    );
    expect(said(empty).fields.phoneNumber?.ja).toBe("携帯電話番号を入力してください");
    expect(sms).toHaveLength(0);
  });

  it("counts wrong codes and kills the code at the fifth", async () => {
    const member = await createMember(t);
    const { ticket } = await startPhoneVerification(t.ctx, {
      actor: member,
      input: { phoneNumber: "07012345678" },
      locale: "ja",
      ip: IP,
    });
    const code = lastCode("07012345678");
    for (let i = 1; i <= 4; i++) {
      const e = await failure(
        confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code: otherThan(code) } }),
      );
      expect(said(e).fields.code).toEqual({
        ja: "確認コードが正しくありません",
        en: "The code is not correct",
      });
    }
    const fifth = await failure(
      confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code: otherThan(code) } }),
    );
    expect(said(fifth).fields.code?.en).toContain("entered wrongly too many times");
    const right = await failure(confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code } }));
    expect(said(right).fields.code?.en).toContain("expired");
    expect(await getVerifiedPhone(t.ctx, member.id)).toBeNull();
    const malformed = await failure(
      confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code: "12ab" } }),
    );
    expect(said(malformed).fields.code?.ja).toBe("確認コードは6桁の数字で入力してください");
  });

  it("expires a code after 10 minutes", async () => {
    const member = await createMember(t);
    const { ticket } = await startPhoneVerification(t.ctx, {
      actor: member,
      input: { phoneNumber: "06012345678" },
      locale: "ja",
      ip: IP,
    });
    t.clock.advance(10 * 60 * 1000 + 1);
    const e = await failure(
      confirmPhoneVerification(t.ctx, { actor: member, ticket, input: { code: lastCode("06012345678") } }),
    );
    expect(said(e).fields.code?.ja).toBe(
      "確認コードの有効期限が切れたか、入力の回数が上限に達しました。もう一度お手続きください",
    );
  });

  it("sends at most 5 codes an hour to one number and 10 a day for one member", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) {
      await startPhoneVerification(t.ctx, {
        actor: member,
        input: { phoneNumber: "09011110000" },
        locale: "ja",
        ip: `198.51.100.${i}`,
      });
    }
    const sixth = await failure(
      startPhoneVerification(t.ctx, {
        actor: member,
        input: { phoneNumber: "09011110000" },
        locale: "ja",
        ip: "198.51.100.9",
      }),
    );
    expect(sixth.code).toBe("RATE_LIMITED");
    expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
    expect(sms).toHaveLength(5);
    // Other numbers from the same member: the refused sixth counted too, so the eleventh attempt is refused.
    for (let i = 0; i < 4; i++) {
      await startPhoneVerification(t.ctx, {
        actor: member,
        input: { phoneNumber: `0902222000${i}` },
        locale: "ja",
        ip: IP,
      });
    }
    const eleventh = await failure(
      startPhoneVerification(t.ctx, {
        actor: member,
        input: { phoneNumber: "09033330000" },
        locale: "ja",
        ip: IP,
      }),
    );
    expect(eleventh.code).toBe("RATE_LIMITED");
    expect(sms).toHaveLength(9);
    t.clock.advance(24 * 3600 * 1000 + 1);
    await startPhoneVerification(t.ctx, {
      actor: member,
      input: { phoneNumber: "09033330000" },
      locale: "ja",
      ip: IP,
    });
    expect(sms).toHaveLength(10);
  });

  it("refuses a number another member has verified, before texting and again when confirming", async () => {
    const hanako = await createMember(t);
    const taro = await createMember(t);
    // Both start on the same number; Hanako finishes first.
    const first = await startPhoneVerification(t.ctx, {
      actor: hanako,
      input: { phoneNumber: "09055556666" },
      locale: "ja",
      ip: IP,
    });
    const hanakoCode = lastCode("09055556666");
    const second = await startPhoneVerification(t.ctx, {
      actor: taro,
      input: { phoneNumber: "090-5555-6666" },
      locale: "ja",
      ip: IP,
    });
    const taroCode = lastCode("09055556666");
    await confirmPhoneVerification(t.ctx, {
      actor: hanako,
      ticket: first.ticket,
      input: { code: hanakoCode },
    });
    const late = await failure(
      confirmPhoneVerification(t.ctx, { actor: taro, ticket: second.ticket, input: { code: taroCode } }),
    );
    expect(late.code).toBe("CONFLICT");
    expect(said(late).message.ja).toBe("この電話番号は、ほかのアカウントで認証済みのため使用できません");
    const before = sms.length;
    const refused = await failure(
      startPhoneVerification(t.ctx, {
        actor: taro,
        input: { phoneNumber: "09055556666" },
        locale: "ja",
        ip: IP,
      }),
    );
    expect(said(refused).fields.phoneNumber?.en).toBe(
      "This phone number has already been verified by another account",
    );
    expect(sms).toHaveLength(before);
    const own = await failure(
      startPhoneVerification(t.ctx, {
        actor: hanako,
        input: { phoneNumber: "09055556666" },
        locale: "ja",
        ip: IP,
      }),
    );
    expect(said(own).fields.phoneNumber?.ja).toBe("この電話番号は認証済みです");
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, taro.id));
    expect(row!.phoneNumber).toBeNull();
  });

  it("lets only the member who asked use the ticket", async () => {
    const hanako = await createMember(t);
    const taro = await createMember(t);
    const { ticket } = await startPhoneVerification(t.ctx, {
      actor: hanako,
      input: { phoneNumber: "09077778888" },
      locale: "ja",
      ip: IP,
    });
    const e = await failure(
      confirmPhoneVerification(t.ctx, { actor: taro, ticket, input: { code: lastCode("09077778888") } }),
    );
    expect(e.code).toBe("FORBIDDEN");
    expect(await getVerifiedPhone(t.ctx, taro.id)).toBeNull();
  });
});
