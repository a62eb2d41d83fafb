import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZENGIN_DATA_VERSION } from "#core/banking/bank-directory.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { bankAccounts } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { signIn } from "../helpers/web.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function member(): Promise<SessionUser & { cookie: string }> {
  return signIn(server, await makeMember(server.ctx));
}

async function page(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), html, doc: parse(html) };
}

async function post(url: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), html, doc: parse(html) };
}

async function json(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and asserted field by field
    body: (res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as any,
  };
}

async function saved(userId: number) {
  const [row] = await server.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row;
}

const FORM = {
  bankKind: "bank",
  bankCode: "0009",
  bankName: "",
  branchCode: "001",
  branchName: "",
  accountType: "1",
  accountNumber: "1234567",
  holderName: "ヤマダ　ハナコ",
};

const value = (doc: ReturnType<typeof parse>, name: string) =>
  doc.querySelector(`[name="${name}"]`)?.getAttribute("value");

describe("the payout account form", () => {
  it("saves with codes only, filling the names from the Zengin directory", async () => {
    const me = await member();
    const form = await page("/ja/settings/bank-account/", me.cookie);
    expect(form.status).toBe(200);
    expect(form.doc.querySelector('input[name="bankName"]')?.getAttribute("role")).toBe("combobox");
    // The quick picks are there, ゆうちょ among them.
    expect(form.doc.querySelectorAll('button[name="pickBank"]').map((b) => b.text)).toContain("ゆうちょ銀行");
    const done = await post("/ja/settings/bank-account/", me.cookie, FORM);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/ja/mypage/");
    expect(await saved(me.id)).toMatchObject({
      bankCode: "0009",
      bankName: "三井住友銀行",
      bankKana: "ﾐﾂｲｽﾐﾄﾓ",
      branchName: "神保町",
      holderName: "ヤマダ　ハナコ",
      zenginVersion: ZENGIN_DATA_VERSION,
    });
    const again = await page("/en/settings/bank-account/", me.cookie);
    expect(value(again.doc, "bankName")).toBe("三井住友銀行");
    expect(value(again.doc, "branchCode")).toBe("001");
  });

  it("refuses an unknown bank code in the page's language, keeping what was typed and saving nothing", async () => {
    const me = await member();
    const ja = await post("/ja/settings/bank-account/", me.cookie, {
      ...FORM,
      bankCode: "0002",
      bankName: "存在しない銀行",
    });
    expect(ja.status).toBe(422);
    expect(ja.doc.querySelector('[data-testid="error-bankCode"]')?.text).toBe(
      "この金融機関コードの金融機関は見つかりません。候補から選ぶか、コードをご確認ください",
    );
    expect(value(ja.doc, "bankCode")).toBe("0002");
    expect(value(ja.doc, "bankName")).toBe("存在しない銀行");
    expect(value(ja.doc, "holderName")).toBe("ヤマダ　ハナコ");
    const en = await post("/en/settings/bank-account/", me.cookie, { ...FORM, branchCode: "999" });
    expect(en.status).toBe(422);
    expect(en.doc.querySelector('[data-testid="error-branchCode"]')?.text).toBe(
      "三井住友銀行 has no branch with this branch code",
    );
    expect(await saved(me.id)).toBeUndefined();
  });

  it("refuses a holder name in kanji or with symbols with a clear message (kana and letters are converted)", async () => {
    const me = await member();
    for (const holderName of ["山田　花子", "ヤマダ@ハナコ"]) {
      const res = await post("/ja/settings/bank-account/", me.cookie, { ...FORM, holderName });
      expect(res.status).toBe(422);
      expect(res.doc.querySelector('[data-testid="error-holderName"]')?.text).toBe(
        "全角カタカナ・英数字・括弧・全角スペースで入力してください",
      );
      expect(value(res.doc, "holderName")).toBe(holderName);
    }
    const en = await post("/en/settings/bank-account/", me.cookie, { ...FORM, holderName: "山田" });
    expect(en.doc.querySelector('[data-testid="error-holderName"]')?.text).toBe(
      "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    );
    expect(await saved(me.id)).toBeUndefined();
  });

  it("saves a ゆうちょ account by 記号・番号 in the Zengin form, and explains a wrong one", async () => {
    const me = await member();
    const wrong = await post("/ja/settings/bank-account/", me.cookie, {
      ...FORM,
      bankKind: "japanPost",
      japanPostSymbol: "10180",
      japanPostNumber: "12345678",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.doc.querySelector('[data-testid="error-japanPostNumber"]')?.text).toBe(
      "番号の末尾は「1」です。通帳に記載の番号をご確認ください",
    );
    // The 記号・番号 part stays open with what was typed.
    expect(wrong.doc.querySelector('input[value="japanPost"]')?.hasAttribute("checked")).toBe(true);
    expect(value(wrong.doc, "japanPostNumber")).toBe("12345678");
    expect(await saved(me.id)).toBeUndefined();
    const done = await post("/ja/setup/bank-account/?redirect=/ja/sell/", me.cookie, {
      ...FORM,
      // What the hidden bank fields hold is ignored when ゆうちょ is chosen.
      bankCode: "0002",
      bankKind: "japanPost",
      japanPostSymbol: "１０１８０",
      japanPostNumber: "12345671",
      holderName: "ﾕｳﾁｮ ﾀﾛｳ",
      redirect: "/ja/sell/",
    });
    expect(done.status).toBe(302);
    expect(await saved(me.id)).toMatchObject({
      bankCode: "9900",
      bankName: "ゆうちょ銀行",
      branchCode: "018",
      branchName: "〇一八",
      accountType: "1",
      accountNumber: "1234567",
      holderName: "ユウチョ　タロウ",
    });
  });

  it("chooses a quick pick without JavaScript by rendering the form again", async () => {
    const me = await member();
    const picked = await post("/ja/settings/bank-account/", me.cookie, { ...FORM, pickBank: "0036" });
    expect(picked.status).toBe(200);
    expect(value(picked.doc, "bankCode")).toBe("0036");
    expect(value(picked.doc, "bankName")).toBe("楽天銀行");
    expect(value(picked.doc, "branchCode")).toBe("");
    const japanPost = await post("/ja/settings/bank-account/", me.cookie, { ...FORM, pickBank: "9900" });
    expect(japanPost.doc.querySelector('input[value="japanPost"]')?.hasAttribute("checked")).toBe(true);
    expect(await saved(me.id)).toBeUndefined();
  });
});

describe("the bank and branch suggestions", () => {
  it("answer JSON by name, reading or code, at most 20", async () => {
    const me = await member();
    const banks = await json(`/ja/settings/bank-account/banks/?q=${encodeURIComponent("みずほ")}`, me.cookie);
    expect(banks.status).toBe(200);
    expect(banks.type).toContain("application/json");
    expect(banks.body.suggestions[0]).toEqual({ code: "0001", name: "みずほ銀行", reading: "みずほ" });
    const kana = await json(
      `/ja/settings/bank-account/banks/?q=${encodeURIComponent("ラクテン")}`,
      me.cookie,
    );
    expect(kana.body.suggestions[0].code).toBe("0036");
    const many = await json(`/ja/settings/bank-account/banks/?q=${encodeURIComponent("信金")}`, me.cookie);
    expect(many.body.suggestions).toHaveLength(20);
    const branches = await json(
      `/ja/settings/bank-account/branches/?bank=0036&q=${encodeURIComponent("じゃず")}`,
      me.cookie,
    );
    expect(branches.body.suggestions[0]).toMatchObject({ code: "201", name: "ジャズ" });
    const unknownBank = await json("/ja/settings/bank-account/branches/?bank=0002&q=x", me.cookie);
    expect(unknownBank.body).toEqual({ suggestions: [] });
  });

  it("survive bad input with 4xx JSON in the page's language, never a 500", async () => {
    const me = await member();
    const empty = await json("/ja/settings/bank-account/banks/?q=", me.cookie);
    expect(empty).toMatchObject({ status: 200, body: { suggestions: [] } });
    const none = await json("/ja/settings/bank-account/banks/", me.cookie);
    expect(none).toMatchObject({ status: 200, body: { suggestions: [] } });
    // 5,000 characters reach the route; far longer URLs are refused by the HTTP server itself (431).
    const long = await json(`/ja/settings/bank-account/banks/?q=${"a".repeat(5000)}`, me.cookie);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe("検索する文字を50文字以内で入力してください");
    const longKana = await json(`/ja/settings/bank-account/banks/?q=${"あ".repeat(1000)}`, me.cookie);
    expect(longKana.status).toBe(400);
    const longEn = await json(`/en/settings/bank-account/banks/?q=${"a".repeat(5000)}`, me.cookie);
    expect(longEn.body.error.message).toBe("Enter up to 50 characters to search");
    // NUL and broken percent-encoding are refused at the server's door (400) before any route.
    for (const query of ["%00", "a%00b", "%E3%81", "%", "%zz", "%E0%A4%A"]) {
      const res = await json(`/ja/settings/bank-account/banks/?q=${query}`, me.cookie);
      expect(res.status, query).toBe(400);
    }
    // The replacement character a broken encoding leaves reaches the route, which refuses it.
    const replaced = await json("/ja/settings/bank-account/banks/?q=%EF%BF%BD", me.cookie);
    expect(replaced.status).toBe(400);
    expect(replaced.type).toContain("application/json");
    // A tab pasted with a name is a space.
    const tab = await json("/ja/settings/bank-account/banks/?q=%E3%81%BF%E3%81%9A%09%E3%81%BB", me.cookie);
    expect(tab.body.suggestions[0].code).toBe("0001");
    for (const bank of ["", "1", "abcd", "%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%91", "00011"]) {
      const res = await json(`/ja/settings/bank-account/branches/?bank=${bank}&q=a`, me.cookie);
      expect(res.status, bank).toBe(400);
      expect(res.body.error.message).toBe("金融機関コードは4桁の数字で指定してください");
    }
    const branchLong = await json(
      `/ja/settings/bank-account/branches/?bank=0001&q=${"b".repeat(5000)}`,
      me.cookie,
    );
    expect(branchLong.body.error.message).toBe("検索する文字を50文字以内で入力してください");
  });

  it("are for signed-in members", async () => {
    const res = await fetch(`${server.url}/ja/settings/bank-account/banks/?q=a`, { redirect: "manual" });
    expect(res.status).toBe(302);
  });
});
