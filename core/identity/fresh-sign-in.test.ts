import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/index.ts";
import { createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { changeBankAccount } from "../account/change-bank-account.ts";
import { getBankAccount } from "../account/get-bank-account.ts";
import { saveBankAccount } from "../account/save-bank-account.ts";
import { changeWalletLink } from "../money/payouts/change-wallet-link.ts";
import { requestPayout } from "../money/payouts/request-payout.ts";
import { walletOf } from "../money/payouts/wallet-link.ts";
import { confirmFreshSignIn, isFreshSignIn } from "./fresh-sign-in.ts";
import { hashPassword } from "./passwords.ts";
import { createSession, resolveSession } from "./sessions.ts";

const ACCOUNT = {
  bankCode: "0005",
  branchCode: "001",
  accountType: "1",
  accountNumber: "1234567",
  holderName: "ヤマダ　ハナコ",
};

describe.each(ENGINES)("money settings after a fresh sign-in, on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  async function signedIn(password: string | null) {
    const member = await createMember(t);
    if (password) {
      await t.ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, member.id));
    }
    const { token } = await createSession(t.ctx, { userId: member.id, kind: "web", persistent: true });
    return (await resolveSession(t.ctx, token))!;
  }

  it("is fresh for 10 minutes after signing in, then asks for the password and is fresh again", async () => {
    const actor = await signedIn("correct horse battery");
    expect(await isFreshSignIn(t.ctx, actor)).toBe(true);
    await confirmFreshSignIn(t.ctx, { actor, password: undefined });
    t.clock.advance(11 * 60_000);
    expect(await isFreshSignIn(t.ctx, actor)).toBe(false);
    expect(
      said(await failure(confirmFreshSignIn(t.ctx, { actor, password: "" }))).fields.currentPassword?.ja,
    ).toBe("安全のため、現在のパスワードを入力してください（ログインから10分以内は不要です）");
    expect(
      said(await failure(confirmFreshSignIn(t.ctx, { actor, password: "wrong" }))).fields.currentPassword?.en,
    ).toBe("The password is not correct");
    await confirmFreshSignIn(t.ctx, { actor, password: "correct horse battery" });
    expect(await isFreshSignIn(t.ctx, actor)).toBe(true);
    // Another member's session never counts.
    expect(await isFreshSignIn(t.ctx, { ...actor, id: actor.id + 1 })).toBe(false);
  });

  it("changes the payout bank or Kyash account only after a fresh sign-in, changing nothing before", async () => {
    const actor = await signedIn("correct horse battery");
    t.clock.advance(11 * 60_000);
    const refused = await failure(
      changeBankAccount(t.ctx, { actor, currentPassword: undefined, input: ACCOUNT }),
    );
    expect(Object.keys(said(refused).fields)).toEqual(["currentPassword"]);
    expect(await getBankAccount(t.ctx, actor.id)).toBeNull();
    const kyash = await failure(
      changeWalletLink(t.ctx, { actor, currentPassword: "wrong", input: { accountId: "1234567890121234" } }),
    );
    expect(Object.keys(said(kyash).fields)).toEqual(["currentPassword"]);
    expect(await walletOf(t.ctx, actor.id)).toBeNull();
    await changeBankAccount(t.ctx, { actor, currentPassword: "correct horse battery", input: ACCOUNT });
    expect((await getBankAccount(t.ctx, actor.id))?.bankCode).toBe("0005");
    // The password typed again counts for the next 10 minutes.
    await changeWalletLink(t.ctx, {
      actor,
      currentPassword: undefined,
      input: { accountId: "1234567890121234" },
    });
    expect((await walletOf(t.ctx, actor.id))?.accountId).toBe("1234567890121234");
  });

  it("asks a member without a password to sign in again", async () => {
    const actor = await signedIn(null);
    t.clock.advance(11 * 60_000);
    const refused = await failure(confirmFreshSignIn(t.ctx, { actor, password: "anything" }));
    expect(refused.code).toBe("FORBIDDEN");
  });

  it("holds payouts to a replaced bank account for 24 hours and mails the member; a first account is not held", async () => {
    const actor = await signedIn("correct horse battery");
    const mailsTo = () => t.smtp.messages.filter((m) => m.to.includes(actor.email)).length;
    await saveBankAccount(t.ctx, { userId: actor.id, input: ACCOUNT });
    // Saving the same account again is no change either.
    await saveBankAccount(t.ctx, { userId: actor.id, input: ACCOUNT });
    expect(mailsTo()).toBe(0);
    await saveBankAccount(t.ctx, { userId: actor.id, input: { ...ACCOUNT, accountNumber: "7654321" } });
    const mail = await t.smtp.lastTo(actor.email);
    expect(mail.subject).toBe("【Tsugu】売上金の受取先が変更されました");
    expect(mail.text).toContain("****321");
    const held = await failure(
      requestPayout(t.ctx, {
        userId: actor.id,
        method: "bank",
        input: { amount: 1000 },
        requestKey: "held-1",
      }),
    );
    expect(held.code).toBe("CONFLICT");
    expect(said(held).message.ja).toMatch(
      /^受取先を変更したため、不正利用防止のため\d+月\d+日\d+:\d\dまでは/,
    );
  });
});
