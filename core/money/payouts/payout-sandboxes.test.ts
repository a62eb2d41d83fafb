import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestCore,
  failure,
  said,
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestCore,
} from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { AtmCodeProvider, BankTransferProvider, WalletProvider } from "./payout-providers.ts";
import { createSandboxAtm, redeemSandboxAtmCode } from "./sandbox-atm.ts";
import { BANK_RETURNS_AFTER_MS, createSandboxBank } from "./sandbox-bank.ts";
import { createSandboxWallet, KYASH_SETTLE_MS, SANDBOX_KYASH_ACCOUNTS } from "./sandbox-wallet.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// A 全銀 総合振込 file as the bank reads it: 120-byte records, ASCII digits, half-width kana in
// Shift_JIS (one byte each: ｱ is 0xB1), numbers right-aligned with zeros, text left-aligned with spaces.
const sjis = (c: string) => {
  const u = c.charCodeAt(0);
  return u >= 0xff61 && u <= 0xff9f ? u - 0xff61 + 0xa1 : u;
};
const num = (n: number | string, width: number) => String(n).padStart(width, "0");
const txt = (s: string, width: number) => s.padEnd(width, " ");
function bytesOf(record: string): number[] {
  const bytes = [...record].map(sjis);
  if (bytes.length !== 120) throw new Error(`a record of ${bytes.length} bytes`);
  return bytes;
}
type Transfer = { account: string; amount: number; payoutId: number };
function zenginFile(transfers: Transfer[], o: { crlf?: boolean; count?: number } = {}): Uint8Array {
  const header = `1210${num(1234567890, 10)}${txt("ﾂｸﾞ", 40)}1125${num(1, 4)}${txt("ﾐｽﾞﾎ", 15)}${num(1, 3)}${txt("ﾎﾝﾃﾝ", 15)}1${num(1234567, 7)}${txt("", 17)}`;
  const data = transfers.map(
    (t) =>
      `2${num(5, 4)}${txt("ｱｲｳ", 15)}${num(123, 3)}${txt("ｶｷｸ", 15)}0000` +
      `1${t.account}${txt("ﾔﾏﾀﾞ ﾀﾛｳ", 30)}${num(t.amount, 10)}0${num(t.payoutId, 10)}${num(0, 10)}0 ${txt("", 7)}`,
  );
  const total = transfers.reduce((sum, t) => sum + t.amount, 0);
  const trailer = `8${num(o.count ?? transfers.length, 6)}${num(total, 12)}${txt("", 101)}`;
  const end = `9${txt("", 119)}`;
  const eol = o.crlf === false ? [] : [0x0d, 0x0a];
  return new Uint8Array([header, ...data, trailer, end].flatMap((r) => [...bytesOf(r), ...eol]));
}

describe.each(ENGINES)("payout sandboxes on %s", (engine) => {
  let t: TestCore;
  let atm: AtmCodeProvider;
  let wallet: WalletProvider;
  let bank: BankTransferProvider;
  let n = 0;
  const ref = () => `payout-${++n}`;
  const inHours = (h: number) => new Date(t.clock.now().getTime() + h * HOUR);

  beforeAll(async () => {
    t = await createTestCore(engine);
    const deps = { db: t.ctx.db, clock: t.clock, publicUrl: TEST_PUBLIC_URL, secret: TEST_SECRET };
    atm = createSandboxAtm(deps);
    wallet = createSandboxWallet(deps);
    bank = createSandboxBank(deps);
  });
  afterAll(async () => {
    await t.close();
  });

  describe("Seven Bank ATM", () => {
    it("issues a 10-digit receipt number and a 4-digit confirmation number, once per reference", async () => {
      const reference = ref();
      const expiresAt = inHours(72);
      const code = await atm.issue({ reference, amount: 5000, expiresAt });
      expect(atm).toMatchObject({ name: "seven-sandbox", kind: "sandbox" });
      expect(code).toMatchObject({ reference, amount: 5000, status: "issued", expiresAt, paidAt: null });
      expect(code.id).toMatch(/^atm_[0-9a-f]{24}$/);
      expect(code.code).toMatch(/^\d{10}$/);
      expect(code.confirmation).toMatch(/^\d{4}$/);
      expect(await atm.get(code.id)).toEqual(code);
      expect(await atm.issue({ reference, amount: 5000, expiresAt })).toEqual(code);
      const [a, b] = await Promise.all([
        atm.issue({ reference: "payout-race", amount: 1000, expiresAt }),
        atm.issue({ reference: "payout-race", amount: 1000, expiresAt }),
      ]);
      expect(a).toEqual(b);
      await expect(atm.issue({ reference, amount: 6000, expiresAt })).rejects.toThrow(/issued for ¥5000/);
      expect(await atm.get("atm_000000000000000000000000")).toBeNull();
    });

    it("never hands out the same numbers twice", async () => {
      const codes = await Promise.all(
        Array.from({ length: 40 }, () =>
          atm.issue({ reference: ref(), amount: 1000, expiresAt: inHours(1) }),
        ),
      );
      expect(new Set(codes.map((c) => c.code)).size).toBe(40);
      expect(new Set(codes.map((c) => c.id)).size).toBe(40);
      // Crypto-random: not counting up, and the confirmations are not all alike.
      expect(new Set(codes.map((c) => c.confirmation)).size).toBeGreaterThan(30);
    });

    it("pays out only whole thousands of yen, and only for a deadline ahead", async () => {
      for (const amount of [0, -1000, 1500, 999, 1000.5]) {
        const error = await failure(atm.issue({ reference: ref(), amount, expiresAt: inHours(1) }));
        expect(error.code).toBe("VALIDATION");
        expect(said(error).fields.amount).toEqual({
          ja: "ATMでお受け取りできるのは1,000円単位の金額です",
          en: "ATM cash is paid out in multiples of ¥1,000",
        });
      }
      await expect(atm.issue({ reference: ref(), amount: 1000, expiresAt: t.clock.now() })).rejects.toThrow(
        /future/,
      );
    });

    it("dispenses the cash once for the right numbers, then the code is paid", async () => {
      const code = await atm.issue({ reference: ref(), amount: 12000, expiresAt: inHours(1) });
      const wrong = code.confirmation === "0000" ? "0001" : "0000";
      const refused = await failure(redeemSandboxAtmCode(t.ctx, { code: code.code, confirmation: wrong }));
      expect(refused.code).toBe("VALIDATION");
      expect(said(refused).message).toEqual({
        ja: "お受取番号または確認番号が正しくありません",
        en: "The receipt number or the confirmation number is wrong",
      });
      // An unknown number is refused in the same words: the ATM does not tell which numbers exist.
      const other = code.code === "0000000000" ? "0000000001" : "0000000000";
      expect(said(await failure(redeemSandboxAtmCode(t.ctx, { code: other, confirmation: wrong })))).toEqual(
        said(refused),
      );
      expect((await atm.get(code.id))!.status).toBe("issued");

      t.clock.advance(10 * MINUTE);
      const paid = await redeemSandboxAtmCode(t.ctx, {
        code: ` ${code.code} `,
        confirmation: code.confirmation,
      });
      expect(paid).toMatchObject({ id: code.id, amount: 12000, status: "paid", paidAt: t.clock.now() });
      expect(await atm.get(code.id)).toEqual(paid);

      const again = await failure(
        redeemSandboxAtmCode(t.ctx, { code: code.code, confirmation: code.confirmation }),
      );
      expect(again.code).toBe("CONFLICT");
      expect(said(again).message).toEqual({
        ja: "このお受取番号はすでに使われています",
        en: "This receipt number has already been used",
      });
      // A paid code cannot be withdrawn any more, nor does it expire.
      expect((await atm.cancel(code.id)).status).toBe("paid");
      t.clock.advance(2 * HOUR);
      expect((await atm.get(code.id))!.status).toBe("paid");
    });

    it("dispenses once when two people type the same numbers at the same moment", async () => {
      const code = await atm.issue({ reference: ref(), amount: 3000, expiresAt: inHours(1) });
      const tries = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          redeemSandboxAtmCode(t.ctx, { code: code.code, confirmation: code.confirmation }),
        ),
      );
      expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of tries.filter((r) => r.status === "rejected")) {
        expect((r as PromiseRejectedResult).reason.code).toBe("CONFLICT");
      }
    });

    it("asks for ten and four digits before looking anything up", async () => {
      const error = await failure(redeemSandboxAtmCode(t.ctx, { code: "12345", confirmation: "12a4" }));
      expect(error.code).toBe("VALIDATION");
      expect(said(error).fields).toEqual({
        receipt: { ja: "お受取番号は10桁の数字で入力してください", en: "Enter the 10-digit receipt number" },
        confirmation: {
          ja: "確認番号は4桁の数字で入力してください",
          en: "Enter the 4-digit confirmation number",
        },
      });
    });

    it("reads a code past its deadline as expired, which the ATM refuses and cannot be cancelled", async () => {
      const code = await atm.issue({ reference: ref(), amount: 2000, expiresAt: inHours(1) });
      t.clock.advance(HOUR - 1);
      expect((await atm.get(code.id))!.status).toBe("issued");
      t.clock.advance(1);
      expect((await atm.get(code.id))!.status).toBe("expired");
      const error = await failure(
        redeemSandboxAtmCode(t.ctx, { code: code.code, confirmation: code.confirmation }),
      );
      expect(error.code).toBe("CONFLICT");
      expect(said(error).message.ja).toBe("このお受取番号は有効期限が切れています");
      expect((await atm.cancel(code.id)).status).toBe("expired");
      // A person who was at the ATM before the deadline (`at`) still gets the cash.
      const late = await redeemSandboxAtmCode(t.ctx, {
        code: code.code,
        confirmation: code.confirmation,
        at: new Date(code.expiresAt.getTime() - 1),
      });
      expect(late).toMatchObject({ status: "paid", paidAt: new Date(code.expiresAt.getTime() - 1) });
    });

    it("withdraws an unused code; the ATM then refuses it", async () => {
      const code = await atm.issue({ reference: ref(), amount: 1000, expiresAt: inHours(1) });
      const cancelled = await atm.cancel(code.id);
      expect(cancelled).toMatchObject({ id: code.id, status: "cancelled", paidAt: null });
      expect((await atm.cancel(code.id)).status).toBe("cancelled");
      const error = await failure(
        redeemSandboxAtmCode(t.ctx, { code: code.code, confirmation: code.confirmation }),
      );
      expect(error.code).toBe("CONFLICT");
      expect(said(error).message).toEqual({
        ja: "このお受取番号は取り消されています",
        en: "This receipt number has been canceled",
      });
      t.clock.advance(2 * HOUR);
      expect((await atm.get(code.id))!.status).toBe("cancelled");
      await expect(atm.cancel("atm_000000000000000000000000")).rejects.toThrow(/no code/);
    });
  });

  describe("Kyash wallet", () => {
    it("knows which sandbox accounts exist and can receive money", async () => {
      expect(wallet).toMatchObject({ name: "kyash-sandbox", kind: "sandbox" });
      expect(await wallet.checkAccount(SANDBOX_KYASH_ACCOUNTS.ok)).toEqual({ ok: true });
      expect(await wallet.checkAccount(SANDBOX_KYASH_ACCOUNTS.limitExceeded)).toEqual({ ok: true });
      expect(await wallet.checkAccount(SANDBOX_KYASH_ACCOUNTS.notFound)).toEqual({
        ok: false,
        code: "not_found",
      });
      expect(await wallet.checkAccount(SANDBOX_KYASH_ACCOUNTS.closed)).toEqual({ ok: false, code: "closed" });
      for (const malformed of ["", "123456789012345", "12345678901234567", "400000000000123a"]) {
        expect(await wallet.checkAccount(malformed)).toEqual({ ok: false, code: "not_found" });
      }
    });

    it("sends: pending for a minute, then paid; the same reference answers the same transfer", async () => {
      const reference = ref();
      const accountId = SANDBOX_KYASH_ACCOUNTS.ok;
      const sent = await wallet.send({ reference, accountId, amount: 4321 });
      expect(sent).toMatchObject({
        reference,
        accountId,
        amount: 4321,
        status: "pending",
        failureCode: null,
      });
      expect(sent.id).toMatch(/^kyt_[0-9a-f]{24}$/);
      expect(await wallet.send({ reference, accountId, amount: 4321 })).toEqual(sent);
      await expect(wallet.send({ reference, accountId, amount: 4000 })).rejects.toThrow(/other details/);
      t.clock.advance(KYASH_SETTLE_MS - 1);
      expect(await wallet.get(sent.id)).toEqual(sent);
      t.clock.advance(1);
      expect(await wallet.get(sent.id)).toEqual({ ...sent, status: "paid" });
      expect(await wallet.send({ reference, accountId, amount: 4321 })).toEqual({ ...sent, status: "paid" });
      expect(await wallet.get("kyt_000000000000000000000000")).toBeNull();

      const [a, b] = await Promise.all([
        wallet.send({ reference: "kyash-race", accountId, amount: 100 }),
        wallet.send({ reference: "kyash-race", accountId, amount: 100 }),
      ]);
      expect(a).toEqual(b);
    });

    it("fails a transfer over the account's limit after the wallet tried, and refuses unknown accounts at once", async () => {
      const limited = await wallet.send({
        reference: ref(),
        accountId: SANDBOX_KYASH_ACCOUNTS.limitExceeded,
        amount: 50000,
      });
      expect(limited).toMatchObject({ status: "pending", failureCode: null });
      t.clock.advance(KYASH_SETTLE_MS);
      expect(await wallet.get(limited.id)).toMatchObject({ status: "failed", failureCode: "limit_exceeded" });

      const missing = await wallet.send({
        reference: ref(),
        accountId: SANDBOX_KYASH_ACCOUNTS.notFound,
        amount: 1,
      });
      expect(missing).toMatchObject({ status: "failed", failureCode: "account_not_found" });
      const closed = await wallet.send({
        reference: ref(),
        accountId: SANDBOX_KYASH_ACCOUNTS.closed,
        amount: 1,
      });
      expect(closed).toMatchObject({ status: "failed", failureCode: "account_closed" });
    });

    it("takes whole yen from ¥1 to ¥1,000,000", async () => {
      const accountId = SANDBOX_KYASH_ACCOUNTS.ok;
      for (const amount of [0, -5, 10.5, 1_000_001, Number.NaN]) {
        const error = await failure(wallet.send({ reference: ref(), accountId, amount }));
        expect(error.code).toBe("VALIDATION");
        expect(said(error).fields.amount).toEqual({
          ja: "送金額は1円以上1,000,000円以下の整数で指定してください",
          en: "The amount must be a whole number of yen from ¥1 to ¥1,000,000",
        });
      }
      expect((await wallet.send({ reference: ref(), accountId, amount: 1_000_000 })).status).toBe("pending");
    });
  });

  describe("bank transfers", () => {
    const transfers: Transfer[] = [
      { account: "1234567", amount: 10000, payoutId: 101 },
      { account: "1239999", amount: 2500, payoutId: 102 },
      { account: "7658888", amount: 30000, payoutId: 103 },
      { account: "0009999", amount: 700, payoutId: 104 },
    ];

    it("reports, an hour after the file, the transfers it could not make, by account number", async () => {
      expect(bank).toMatchObject({ name: "bank-sandbox", kind: "sandbox" });
      const file = zenginFile(transfers);
      expect(file.length).toBe(7 * 122); // header, 4 transfers, trailer, end
      // Payout 104 is in the file but not among the run's references: not reported.
      await bank.submit({ runId: 1, file, references: ["101", "102", "103"] });
      expect(await bank.returns(1)).toEqual([]);
      t.clock.advance(BANK_RETURNS_AFTER_MS - 1);
      expect(await bank.returns(1)).toEqual([]);
      t.clock.advance(1);
      const returned = [
        { reference: "102", code: "1", reason: "口座なし" },
        { reference: "103", code: "2", reason: "名義相違" },
      ];
      expect(await bank.returns(1)).toEqual(returned);
      // Handing the same file over again changes nothing.
      await bank.submit({ runId: 1, file, references: ["101", "102", "103"] });
      expect(await bank.returns(1)).toEqual(returned);
      await expect(
        bank.submit({ runId: 1, file: zenginFile(transfers.slice(0, 2)), references: ["101"] }),
      ).rejects.toThrow(/another file/);
      expect(await bank.returns(999)).toEqual([]);
    });

    it("reads records without line ends too, and a run with nothing returned", async () => {
      await bank.submit({
        runId: 2,
        file: zenginFile(transfers, { crlf: false }),
        references: ["101", "102", "103", "104"],
      });
      await bank.submit({ runId: 3, file: zenginFile([transfers[0]!]), references: ["101"] });
      t.clock.advance(HOUR);
      expect((await bank.returns(2)).map((r) => r.reference)).toEqual(["102", "103", "104"]);
      expect(await bank.returns(3)).toEqual([]);
    });

    it("refuses a file the bank could not read", async () => {
      const file = zenginFile(transfers);
      const attempts: [Uint8Array, string[], RegExp][] = [
        [file.subarray(0, file.length - 1), ["101"], /whole 120-byte records/],
        [zenginFile(transfers, { count: 3 }), ["101"], /trailer's count/],
        [file.subarray(122), ["101"], /header, data, trailer, end/],
        [file, ["101", "105"], /not in the file: 105/],
        [new Uint8Array(), [], /whole 120-byte records/],
      ];
      for (const [bytes, references, message] of attempts) {
        await expect(bank.submit({ runId: 10, file: bytes, references })).rejects.toThrow(message);
      }
      const bad = zenginFile(transfers);
      bad.set(new TextEncoder().encode("12a4567"), 122 + 43);
      await expect(bank.submit({ runId: 10, file: bad, references: [] })).rejects.toThrow(/account number/);
      expect(await bank.returns(10)).toEqual([]);
    });
  });
});
