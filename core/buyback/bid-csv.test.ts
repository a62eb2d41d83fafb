import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBuyerCompany, makeModel, placeBid } from "#tests/helpers/bid-market.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { AppError } from "../shared/errors.ts";
import { renderMessage } from "../shared/i18n/translate.ts";
import { decodeBidCsv, exportBidsCsv, importBidsCsv } from "./bid-csv.ts";
import { listBids } from "./list-bids.ts";

const HEADER =
  "機種ID,機種,状態（NG条件）,S 金額,S チェック,A 金額,A チェック,B 金額,B チェック,C 金額,C チェック,J 金額,J チェック,上限台数,有効期限";

async function text(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

describe("reading an uploaded file's encoding (pure)", () => {
  it("reads UTF-8 with or without a BOM, and Shift_JIS", () => {
    const line = "機種ID,機種\r\n1,ｉＰｈｏｎｅ　〜テスト\r\n";
    expect(decodeBidCsv(new TextEncoder().encode(`\ufeff${line}`))).toEqual({ text: line, encoding: "utf8" });
    expect(decodeBidCsv(new TextEncoder().encode(line))).toEqual({ text: line, encoding: "utf8" });
    const sjis = iconv.encode("機種ID,機種\r\n1,アクオス　センス～\r\n", "Shift_JIS");
    expect(decodeBidCsv(sjis)).toEqual({ text: "機種ID,機種\r\n1,アクオス　センス～\r\n", encoding: "sjis" });
  });
});

describe.each(ENGINES)("the bid list as CSV on %s", (engine) => {
  let t: TestCore;
  let buyer: Awaited<ReturnType<typeof makeBuyerCompany>>;
  let m1: number;
  let m2: number;
  let m3: number;

  beforeAll(async () => {
    t = await createTestCore(engine);
    // 2026-11-10 12:00 in Tokyo.
    t.clock.set("2026-11-10T03:00:00.000Z");
    buyer = await makeBuyerCompany(t.ctx.db, "CSV買取株式会社");
    m1 = await makeModel(t.ctx.db, "iPhone 13", "05", 2021);
    m2 = await makeModel(t.ctx.db, "=HYPERLINK(1)", "05", 2022);
    m3 = await makeModel(t.ctx.db, "Pixel 8", "05", 2023);
    await placeBid(t.ctx.db, { companyId: buyer.companyId, modelId: m1, grade: "A", price: 45_000 });
    await placeBid(t.ctx.db, {
      companyId: buyer.companyId,
      modelId: m1,
      grade: "B",
      price: 38_000,
      enabled: false,
    });
  });
  afterAll(() => t.close());

  it("writes every model of the category with the same columns in UTF-8 (BOM) and Shift_JIS", async () => {
    const input = { category: "05", ng: "none" };
    const utf8 = await exportBidsCsv(t.ctx, {
      userId: buyer.userId,
      input: { ...input, encoding: "utf8" },
      locale: "ja",
    });
    const sjis = await exportBidsCsv(t.ctx, {
      userId: buyer.userId,
      input: { ...input, encoding: "sjis" },
      locale: "ja",
    });
    expect(utf8.contentType).toBe("text/csv; charset=utf-8");
    expect(sjis.contentType).toBe("text/csv; charset=Shift_JIS");
    expect(utf8.filename).toBe("tsugu-bids-05-none-20261110.csv");
    const u = await text(utf8.body);
    const s = await text(sjis.body);
    expect([...u.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const fromUtf8 = new TextDecoder().decode(u);
    expect(iconv.decode(Buffer.from(s), "Shift_JIS")).toBe(fromUtf8);
    const lines = fromUtf8.split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain(`${m1},iPhone 13,不具合なし,,0,45000,1,38000,0,,0,,0,,`);
    // A name that a spreadsheet would run as a formula is written as text.
    expect(lines).toContain(`${m2},'=HYPERLINK(1),不具合なし,,0,,0,,0,,0,,0,,`);
    expect(lines.filter((l) => l !== "")).toHaveLength(4);
  });

  it("saves the good lines of a Shift_JIS upload, and answers each bad one with its row number and message", async () => {
    const lines = [
      HEADER,
      `${m1},iPhone 13,不具合なし,60000,1,"46,000",1,38000,0,,0,,0,10,2026/11/20`,
      // Checked without a price: the §5 message.
      `${m2},x,不具合なし,,0,30000,1,,1,,0,,0,,`,
      `${m3},Pixel 8,battery,,0,20000,○,18000,1,,0,5000,1,,`,
      // Out of range, and an expiry too far ahead.
      `${m3},Pixel 8,不具合なし,,0,abc,1,,0,,0,,0,,2027-03-01`,
      `999999,?,不具合なし,,0,1000,1,,0,,0,,0,,`,
      `${m1},iPhone 13,不具合なし,1,1,,0,,0,,0,,0,,`,
      "too,few",
    ];
    const bytes = iconv.encode(`${lines.join("\r\n")}\r\n`, "Shift_JIS");
    const result = await importBidsCsv(t.ctx, { userId: buyer.userId, bytes });
    expect(result.encoding).toBe("sjis");
    expect(result.accepted).toBe(2);
    // iPhone 13: S new, A repriced, B's cap and expiry set (C and J stay without a bid); Pixel 8 (battery): three new.
    expect(result.saved).toEqual({ created: 4, updated: 2, unchanged: 0 });
    const said = result.rejected.map((r) => [r.line, r.messages.map((m) => renderMessage(m, "ja"))]);
    expect(said).toEqual([
      [3, ["B チェック：金額を入力してからチェックしてください"]],
      [5, ["A 金額：金額は1円から9,999,999円までの整数で入力してください"]],
      [6, ["機種ID：この機種は見つかりません"]],
      [7, ["同じ機種と状態の行が重複しています"]],
      [8, ["列の数が15列ではありません。ダウンロードしたCSVの列のまま保存してください"]],
    ]);
    const list = await listBids(t.ctx, { userId: buyer.userId, input: { category: "05", ng: "none" } });
    const row = list.rows.find((r) => r.id === m1)!;
    expect([
      row.cells.S.price,
      row.cells.S.enabled,
      row.cells.A.price,
      row.quantityCap,
      row.expiresOn,
    ]).toEqual([60_000, true, 46_000, 10, "2026-11-20"]);
    // Line 5's expiry (beyond 30 days) was never reached: its price was refused first, and nothing of it saved.
    expect(list.rows.find((r) => r.id === m3)).toBeUndefined();
    const battery = await listBids(t.ctx, { userId: buyer.userId, input: { category: "05", ng: "battery" } });
    expect(battery.rows.find((r) => r.id === m3)?.cells.J).toMatchObject({ price: 5_000, enabled: true });
  });

  it("takes out a line the save refuses (an expiry too far ahead) and saves the rest of a UTF-8 upload", async () => {
    const lines = [
      HEADER,
      `${m3},Pixel 8,不具合なし,,0,30000,1,,0,,0,,0,,2027-03-01`,
      `${m2},x,Condition: none,,0,31000,1,,0,,0,,0,,`,
    ];
    const bytes = new TextEncoder().encode(`\ufeff${lines.join("\n")}`);
    const result = await importBidsCsv(t.ctx, { userId: buyer.userId, bytes });
    expect(result.encoding).toBe("utf8");
    expect(result.rejected.map((r) => r.line)).toEqual([2, 3]);
    expect(renderMessage(result.rejected[0]!.messages[0]!, "ja")).toBe(
      "有効期限：有効期限は明日から30日後までの日付を選んでください（空欄は期限なし）",
    );
    expect(renderMessage(result.rejected[1]!.messages[0]!, "en")).toBe(
      "Condition (NG): The condition cannot be read. Keep it as the downloaded CSV writes it",
    );
    expect(result.accepted).toBe(0);
  });

  it("refuses a file it cannot take as a whole, and anyone not a buyer", async () => {
    const whole = async (bytes: Uint8Array) => {
      try {
        await importBidsCsv(t.ctx, { userId: buyer.userId, bytes });
      } catch (error) {
        return renderMessage((error as AppError).fields.file!, "ja");
      }
      return "taken";
    };
    expect(await whole(new Uint8Array())).toBe("CSVファイルにデータの行がありません");
    expect(await whole(new TextEncoder().encode(`${HEADER}\r\n`))).toBe(
      "CSVファイルにデータの行がありません",
    );
    expect(await whole(new TextEncoder().encode("a,b\r\n1,2\r\n"))).toBe(
      "列の数が15列ではありません。ダウンロードしたCSVの列のまま保存してください",
    );
    const swapped = HEADER.replace("S 金額,S チェック,A 金額", "A 金額,S チェック,S 金額");
    expect(await whole(new TextEncoder().encode(`${swapped}\r\n1,x,,,,,,,,,,,,,\r\n`))).toBe(
      "1行目の列の見出しがダウンロードしたCSVと違います。列の並びを変えずに保存してください",
    );
    expect(await whole(new TextEncoder().encode(`${HEADER}\r\n"iPhone,1\r\n`))).toBe(
      'CSVファイルを読み取れません。引用符（"）が閉じていない行がないか確かめてください',
    );
    const member = await makeMember(t.ctx);
    await expect(
      importBidsCsv(t.ctx, { userId: member.id, bytes: new TextEncoder().encode(HEADER) }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
