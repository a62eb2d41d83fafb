import { and, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { buybackBids } from "#db/schema/index.ts";
import { acceptedBuybacks, makeBuyerCompany, makeModel, placeBid } from "../helpers/bid-market.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage } from "../helpers/web.ts";

let server: TestServer;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

type Buyer = Awaited<ReturnType<typeof makeBuyerCompany>> & { cookie: string; token: string };

async function signedIn(userId: number) {
  const web = await createSession(server.ctx, { userId, kind: "web", persistent: true });
  const api = await createSession(server.ctx, { userId, kind: "api", persistent: true });
  return { cookie: `tsugu=${web.token}`, token: api.token };
}

async function buyer(name: string): Promise<Buyer> {
  const b = await makeBuyerCompany(server.ctx.db, name);
  return { ...b, ...(await signedIn(b.userId)) };
}

async function api(method: string, path: string, token: string, body?: unknown, lang = "ja") {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "accept-language": lang,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

function post(path: string, cookie: string, form: [string, string][]) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

const bidsOf = (companyId: number, modelId: number) =>
  server.ctx.db
    .select()
    .from(buybackBids)
    .where(and(eq(buybackBids.companyId, companyId), eq(buybackBids.modelId, modelId)))
    .orderBy(buybackBids.grade);

let a: Buyer;
let b: Buyer;
let phone: number;
let older: number;

beforeAll(async () => {
  server = await startTestServer();
  a = await buyer("株式会社エー買取");
  b = await buyer("ビー商事株式会社");
  phone = await makeModel(server.ctx.db, "Xperia 1 V", "05", 2023);
  older = await makeModel(server.ctx.db, "Xperia 5 IV", "05", 2022);
  await placeBid(server.ctx.db, { companyId: a.companyId, modelId: phone, grade: "A", price: 41_000 });
  await placeBid(server.ctx.db, { companyId: b.companyId, modelId: phone, grade: "A", price: 43_210 });
  await acceptedBuybacks(server.ctx.db, {
    modelId: phone,
    grade: "S",
    prices: [60_000, 61_000, 62_000, 63_000, 64_000],
    decidedAt: new Date(Date.now() - 5 * 24 * 3600 * 1000),
    companyId: b.companyId,
  });
});
afterAll(async () => {
  await server?.close();
});

/** The whole table of one model as the page posts it, with some fields set. */
function table(model: number, set: Record<string, string>, intent = "save"): [string, string][] {
  const form: [string, string][] = [
    ["category", "05"],
    ["ng", "none"],
    ["model", ""],
    ["row", String(model)],
    ["intent", intent],
  ];
  for (const g of ["S", "A", "B", "C", "J"])
    form.push([`price.${model}.${g}`, set[`price.${model}.${g}`] ?? ""]);
  for (const [k, v] of Object.entries(set))
    if (k.startsWith("on.") || k.startsWith("cap.") || k.startsWith("exp.")) form.push([k, v]);
  return form;
}

describe("the bid price list page", () => {
  it("shows a buyer their own bids only, in Japanese and English, and is closed to others", async () => {
    const ja = await getPage(server, "/ja/buyback/bids/?category=05", a.cookie);
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector("h1")?.text).toBe("入札価格一覧");
    expect(ja.doc.querySelector("title")?.text).toContain("入札価格一覧");
    expect(ja.doc.querySelector(`input[name="price.${phone}.A"]`)?.getAttribute("value")).toBe("41000");
    expect(ja.html).not.toContain("43210");
    expect(ja.doc.querySelector(`[data-testid="other-models"]`)?.text).toContain("Xperia 5 IV");
    const en = await getPage(server, "/en/buyback/bids/?category=05", b.cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Bid prices");
    expect(en.doc.querySelector(`input[name="price.${phone}.A"]`)?.getAttribute("value")).toBe("43210");
    expect(en.html).not.toContain("41000");
    // Members are refused; visitors go to the buyback login and come back.
    const member = await signedIn((await makeMember(server.ctx)).id);
    expect((await getPage(server, "/ja/buyback/bids/", member.cookie)).status).toBe(403);
    const visitor = await getPage(server, "/ja/buyback/bids/?category=05");
    expect(visitor.status).toBe(302);
    expect(visitor.res.headers.get("location")).toBe(
      `/ja/buyback/login/?redirect=${encodeURIComponent("/ja/buyback/bids/?category=05")}`,
    );
    expect((await post("/ja/buyback/bids/", member.cookie, table(phone, {}))).status).toBe(403);
  });

  it("shows one model on its own, and drops a selection that does not fit", async () => {
    const one = await getPage(server, `/ja/buyback/bids/?category=05&model=${older}`, a.cookie);
    expect(
      one.doc.querySelectorAll('[data-testid^="bid-row-"]').map((r) => r.getAttribute("data-testid")),
    ).toEqual([`bid-row-${older}`]);
    const stale = await getPage(server, `/ja/buyback/bids/?category=06&model=${older}&ng=screen`, a.cookie);
    expect(stale.status).toBe(302);
    expect(stale.res.headers.get("location")).toBe("/ja/buyback/bids/?category=06&ng=screen");
    const bad = await getPage(server, "/ja/buyback/bids/?category=42&ng=screen", a.cookie);
    expect(bad.res.headers.get("location")).toBe("/ja/buyback/bids/?ng=screen");
  });

  it("shows the no-data state for a category without models", async () => {
    const page = await getPage(server, "/ja/buyback/bids/?category=07", a.cookie);
    expect(page.doc.querySelector('[data-testid="bids-no-data"]')?.text).toContain("データがありません");
  });

  it("saves the whole table posted without JavaScript and says it is confirmed", async () => {
    const res = await post(
      "/ja/buyback/bids/?category=05",
      a.cookie,
      table(phone, {
        [`price.${phone}.S`]: "55,000",
        [`on.${phone}.S`]: "1",
        [`price.${phone}.A`]: "41000",
        [`on.${phone}.A`]: "1",
        [`cap.${phone}`]: "5",
      }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("確定しました");
    const rows = await bidsOf(a.companyId, phone);
    expect(rows.map((r) => [r.grade, r.price, r.enabled, r.quantityCap])).toEqual([
      ["A", 41_000, true, 5],
      ["S", 55_000, true, 5],
    ]);
    // B's bid on the same cell is untouched.
    expect((await bidsOf(b.companyId, phone)).map((r) => r.price)).toEqual([43_210]);
  });

  it.each([
    ["ja", "金額を入力してからチェックしてください"],
    ["en", "If money is not input, it can not be checked"],
  ])(
    "refuses a checked cell without a price with the §5 message (%s), keeps what was typed, changes nothing",
    async (lang, message) => {
      const before = await bidsOf(a.companyId, phone);
      const res = await post(
        `/${lang}/buyback/bids/?category=05`,
        a.cookie,
        table(phone, {
          [`price.${phone}.S`]: "70000",
          [`on.${phone}.S`]: "1",
          [`on.${phone}.C`]: "1",
        }),
      );
      expect(res.status).toBe(422);
      const page = parse(await res.text());
      expect(page.querySelector(`[data-testid="error-on.${phone}.C"]`)?.text).toBe(message);
      expect(page.querySelector(`input[name="price.${phone}.S"]`)?.getAttribute("value")).toBe("70000");
      expect(page.querySelector(`input[name="on.${phone}.C"]`)?.hasAttribute("checked")).toBe(true);
      expect(await bidsOf(a.companyId, phone)).toEqual(before);
    },
  );

  it("without JavaScript: the recommended-price panel warns, confirming overwrites the table but saves nothing", async () => {
    const asked = await post("/ja/buyback/bids/?category=05", a.cookie, table(phone, {}, "recommendAsk"));
    const askedHtml = await asked.text();
    expect(askedHtml).toContain('data-testid="recommend-panel"');
    expect(askedHtml).toContain("表に入力中の内容は、おすすめ価格ですべて置き換わります");
    const before = await bidsOf(a.companyId, phone);
    const applied = await post("/ja/buyback/bids/?category=05", a.cookie, [
      ...table(phone, { [`price.${phone}.C`]: "1234" }, "recommendApply"),
      ["kind", "bullish"],
    ]);
    const page = parse(await applied.text());
    // S: five accepted prices 60,000…64,000 → 75th percentile 63,000. A: two bids, not enough data.
    expect(page.querySelector(`input[name="price.${phone}.S"]`)?.getAttribute("value")).toBe("63000");
    expect(page.querySelector(`input[name="on.${phone}.S"]`)?.hasAttribute("checked")).toBe(true);
    expect(page.querySelector(`input[name="price.${phone}.C"]`)?.getAttribute("value")).toBe("1234");
    expect(page.querySelector(`[data-testid="bids-notice"]`)?.text).toContain(
      "強気のおすすめ価格を1マスに入力しました",
    );
    expect(page.querySelector(`[data-testid="bid-row-${phone}"]`)?.text).toContain("データ不足");
    expect(await bidsOf(a.companyId, phone)).toEqual(before);
    expect(page.querySelector('[data-testid="unsaved"]')).not.toBeNull();
    // Cancelling answers the table as it was: nothing replaced, nothing unsaved.
    const saved = await getPage(server, "/ja/buyback/bids/?category=05", a.cookie);
    const form: [string, string][] = saved.doc
      .querySelectorAll('[data-testid="bid-form"] input')
      .filter((i) => i.getAttribute("type") !== "checkbox" || i.hasAttribute("checked"))
      .map((i) => [i.getAttribute("name") ?? "", i.getAttribute("value") ?? ""]);
    const cancelled = await post("/ja/buyback/bids/?category=05", a.cookie, [
      ...form,
      ["intent", "recommendCancel"],
    ]);
    const cancelledHtml = await cancelled.text();
    expect(cancelledHtml).not.toContain('data-testid="recommend-panel"');
    expect(cancelledHtml).not.toContain('data-testid="unsaved"');
  });

  it("without JavaScript: adds a model from the other models, clears and checks in bulk", async () => {
    const added = parse(
      await (await post("/ja/buyback/bids/?category=05", a.cookie, table(phone, {}, `add:${older}`))).text(),
    );
    expect(added.querySelector(`[data-testid="bid-row-${older}"]`)).not.toBeNull();
    const enabled = parse(
      await (
        await post(
          "/ja/buyback/bids/?category=05",
          a.cookie,
          table(phone, { [`price.${phone}.B`]: "100" }, "enableAll"),
        )
      ).text(),
    );
    expect(enabled.querySelector(`input[name="on.${phone}.B"]`)?.hasAttribute("checked")).toBe(true);
    expect(enabled.querySelector(`input[name="on.${phone}.C"]`)?.hasAttribute("checked")).toBe(false);
    const cleared = parse(
      await (
        await post(
          "/ja/buyback/bids/?category=05",
          a.cookie,
          table(phone, { [`price.${phone}.B`]: "100" }, "clear"),
        )
      ).text(),
    );
    expect(cleared.querySelector(`input[name="price.${phone}.B"]`)?.getAttribute("value")).toBe("");
  });
});

describe("the bid price list API", () => {
  it("answers the buyer's own list and refuses members", async () => {
    const mine = await api("GET", "/buyback/bids?category=05", a.token);
    expect(mine.status).toBe(200);
    const row = mine.json.rows.find((r: Json) => r.model_id === phone);
    expect(row.cells.find((c: Json) => c.grade === "A")).toMatchObject({
      price: 41_000,
      enabled: true,
      status: "live",
    });
    expect(JSON.stringify(mine.json)).not.toContain("43210");
    const member = await signedIn((await makeMember(server.ctx)).id);
    expect((await api("GET", "/buyback/bids", member.token)).status).toBe(403);
    expect(
      (
        await api("PUT", "/buyback/bids", member.token, {
          rows: [{ model_id: phone, ng_condition: "none", cells: [{ grade: "A", price: 1, enabled: true }] }],
        })
      ).status,
    ).toBe(403);
    expect((await api("GET", "/buyback/bids?category=05&model=abc", a.token)).status).toBe(422);
  });

  it.each([
    [-1000, "rows.0.cells.0.price"],
    [1500.5, "rows.0.cells.0.price"],
    ["12a", "rows.0.cells.0.price"],
    [null, "rows.0.cells.0.enabled"],
  ])("refuses the price %j with a 422 naming the field, nothing saved", async (price, path) => {
    const before = await bidsOf(a.companyId, phone);
    const res = await api(
      "PUT",
      "/buyback/bids",
      a.token,
      { rows: [{ model_id: phone, ng_condition: "none", cells: [{ grade: "J", price, enabled: true }] }] },
      "en",
    );
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("VALIDATION");
    expect(Object.keys(res.json.error.fields)).toEqual([path]);
    if (price === null)
      expect(res.json.error.fields[path]).toBe("If money is not input, it can not be checked");
    expect(await bidsOf(a.companyId, phone)).toEqual(before);
  });

  it("lets buyer A save its own cells but never touch buyer B's bid", async () => {
    const [theirs] = await bidsOf(b.companyId, phone);
    const touched = await api("PUT", "/buyback/bids", a.token, {
      rows: [
        {
          model_id: phone,
          ng_condition: "none",
          cells: [{ grade: "A", price: 1, enabled: false, bid_id: theirs!.id }],
        },
      ],
    });
    expect(touched.status).toBe(404);
    expect(touched.json.error.message).toBe("この入札は見つかりません。変更できるのは自社の入札だけです");
    expect((await bidsOf(b.companyId, phone)).map((r) => [r.price, r.enabled])).toEqual([[43_210, true]]);
    const mine = await api("PUT", "/buyback/bids", a.token, {
      rows: [
        {
          model_id: phone,
          ng_condition: "screen",
          quantity_cap: 2,
          cells: [{ grade: "B", price: 9000, enabled: true }],
        },
      ],
    });
    expect(mine).toEqual({ status: 200, json: { created: 1, updated: 0, unchanged: 0 } });
  });

  it("recommends prices from accepted prices and live bids, saying which statistic and how many points", async () => {
    const r = await api("GET", "/buyback/bids/recommended?category=05&ng=none&kind=bullish", a.token);
    expect(r.status).toBe(200);
    expect([r.json.window_days, r.json.min_sample]).toEqual([90, 5]);
    expect(r.json.cells.find((c: Json) => c.model_id === phone && c.grade === "S")).toEqual({
      model_id: phone,
      grade: "S",
      price: 63_000,
      basis: "accepted_p75",
      accepted: 5,
      bids: 1,
    });
    expect(r.json.cells.find((c: Json) => c.model_id === phone && c.grade === "A")).toMatchObject({
      price: null,
      bids: 2,
    });
    expect((await api("GET", "/buyback/bids/recommended?category=05&ng=none&kind=up", a.token)).status).toBe(
      422,
    );
  });
});

describe("the bid price list as CSV", () => {
  const csvOf = (cookie: string, query: string) =>
    fetch(`${server.url}/ja/buyback/bids/csv/?${query}`, { redirect: "manual", headers: { cookie } });
  const upload = (cookie: string, file: Blob | null) => {
    const form = new FormData();
    for (const [k, v] of [
      ["category", "05"],
      ["ng", "none"],
      ["model", ""],
      ["intent", "upload"],
    ])
      form.append(k as string, v as string);
    if (file) form.append("file", file, "bids.csv");
    return fetch(`${server.url}/ja/buyback/bids/?category=05`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie },
      body: form,
    });
  };

  it("downloads the buyer's own list as a Shift_JIS attachment, and refuses a bad encoding or a visitor", async () => {
    const res = await csvOf(a.cookie, "category=05&ng=none&encoding=sjis");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=Shift_JIS");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tsugu-bids-05-none-\d{8}\.csv"/,
    );
    const text = new TextDecoder("shift_jis").decode(await res.arrayBuffer());
    expect(text.split("\r\n")[0]).toMatch(/^機種ID,機種,状態（NG条件）,S 金額,S チェック/);
    // Its own bid of A, never B's.
    expect(text).toContain(`${phone},Xperia 1 V,不具合なし,`);
    expect(text).not.toContain("43210");
    expect((await csvOf(a.cookie, "category=05&encoding=latin1")).status).toBe(422);
    expect((await csvOf(a.cookie, "category=zz&encoding=utf8")).status).toBe(422);
    expect((await csvOf("", "category=05")).status).toBe(302);
  });

  it("without JavaScript: an upload saves its good lines and lists each refused one with its row number", async () => {
    const header = (await (await csvOf(a.cookie, "category=05&encoding=utf8")).text()).split("\r\n")[0];
    const lines = [
      header,
      `${older},Xperia 5 IV,不具合なし,,0,33000,1,,0,,0,,0,,`,
      `${phone},Xperia 1 V,不具合なし,,0,,1,,0,,0,,0,,`,
    ];
    const res = await upload(a.cookie, new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" }));
    expect(res.status).toBe(422);
    const page = parse(await res.text());
    expect(page.querySelector('[data-testid="csv-result"]')?.text).toContain("1行を保存しました");
    expect(page.querySelector('[data-testid="csv-line-3"]')?.text).toBe(
      "3行目　A チェック：金額を入力してからチェックしてください",
    );
    expect((await bidsOf(a.companyId, older)).map((r) => [r.grade, r.price, r.enabled])).toEqual([
      ["A", 33_000, true],
    ]);
  });

  it("answers a missing or unreadable file with a message next to the field, never a 500", async () => {
    const none = parse(await (await upload(a.cookie, null)).text());
    expect(none.querySelector('[data-testid="csv-error"]')?.text).toBe("取り込むCSVファイルを選んでください");
    const res = await upload(a.cookie, new Blob(["a,b\r\n1,2\r\n"]));
    expect(res.status).toBe(422);
    expect(parse(await res.text()).querySelector('[data-testid="csv-error"]')?.text).toBe(
      "列の数が15列ではありません。ダウンロードしたCSVの列のまま保存してください",
    );
    const member = await makeMember(server.ctx);
    const { cookie } = await signedIn(member.id);
    expect((await upload(cookie, new Blob(["x"]))).status).toBe(403);
  });

  it("without JavaScript: fills one price into a whole column, and refuses a price out of range next to its field", async () => {
    const filled = await post("/ja/buyback/bids/?category=05", a.cookie, [
      ...table(phone, {}, "fill"),
      ["fillTarget", "col:B"],
      ["fillPrice", "12,000"],
    ]);
    const page = parse(await filled.text());
    expect(page.querySelector(`input[name="price.${phone}.B"]`)?.getAttribute("value")).toBe("12000");
    expect(page.querySelector(`input[name="on.${phone}.B"]`)?.hasAttribute("checked")).toBe(true);
    // Recommended prices for one row only: S has five accepted prices, the other grades too few.
    const recommended = await post("/ja/buyback/bids/?category=05", a.cookie, [
      ...table(phone, { [`price.${phone}.B`]: "100" }, "fill"),
      ["fillTarget", `row:${phone}`],
      ["fillValue", "bullish"],
    ]);
    const rec = parse(await recommended.text());
    expect(rec.querySelector(`input[name="price.${phone}.S"]`)?.getAttribute("value")).toBe("63000");
    expect(rec.querySelector(`input[name="price.${phone}.B"]`)?.getAttribute("value")).toBe("100");
    expect(rec.querySelector('[data-testid="bids-notice"]')?.text).toContain(
      "強気のおすすめ価格を1マスに入力しました（データ不足 4マス）",
    );
    const bad = await post("/ja/buyback/bids/?category=05", a.cookie, [
      ...table(phone, {}, "fill"),
      ["fillTarget", `row:${phone}`],
      ["fillPrice", "-1"],
    ]);
    expect(bad.status).toBe(422);
    expect(parse(await bad.text()).querySelector('[data-testid="error-fillPrice"]')?.text).toBe(
      "まとめて入力する金額を1円から9,999,999円までの整数で入力してください",
    );
  });
});
