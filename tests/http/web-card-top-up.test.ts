import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { addSavedCard, listSavedCards } from "#core/money/payments/saved-cards.ts";
import type { SandboxCardBehaviour } from "#core/money/payments/test-cards.ts";
import { topUps } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardToken } from "../helpers/trading.ts";
import { signIn } from "../helpers/web.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerInvariants(server.ctx.db);
  await server?.close();
});

async function page(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

async function post(url: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

/** A signed-in member with one saved card behaving as `kind`. */
async function memberWithCard(kind: SandboxCardBehaviour = "success") {
  const member = await makeMember(server.ctx);
  const card = await addSavedCard(server.ctx, {
    userId: member.id,
    token: await cardToken(server.ctx, kind),
  });
  return { member: await signIn(server, member), cardId: card.id };
}

const FORM = "/ja/balance/order-points/card/";
const keyOf = (doc: ReturnType<typeof parse>) =>
  doc.querySelector('input[name="requestKey"]')!.getAttribute("value")!;
const pointsOf = async (user: SessionUser) => (await getBalance(server.ctx, { userId: user.id })).points;
const pathOf = (location: string) => {
  const url = new URL(location, server.url);
  return url.pathname + url.search;
};

describe("topping up points with a card", () => {
  it("tops up with a saved card in the sandbox and shows the points credited, in both languages", async () => {
    const { member, cardId } = await memberWithCard();
    const form = await page(FORM, member.cookie);
    expect(form.status).toBe(200);
    expect(form.doc.querySelector("h1")?.text).toBe("クレジットカードでチャージ");
    expect(form.doc.querySelector('[data-testid="points"]')?.text).toBe("0P");
    const radio = form.doc.querySelector(`input[name="cardId"][value="${cardId}"]`);
    expect(radio?.hasAttribute("checked")).toBe(true);
    expect(form.html).toContain("Visa •••• 4242");
    const sent = await post(FORM, member.cookie, { amount: "3,000", cardId, requestKey: keyOf(form.doc) });
    expect(sent.status).toBe(302);
    const [row] = await server.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id));
    expect(row).toMatchObject({ method: "card", amount: 3000, state: "PAID" });
    expect(sent.location).toBe(`/ja/balance/order-points/card/result/?id=${row!.id}`);
    expect(await pointsOf(member)).toBe(3000);
    const result = await page(sent.location!, member.cookie);
    expect(result.status).toBe(200);
    expect(result.doc.querySelector("h1")?.text).toBe("チャージが完了しました");
    expect(result.html).toContain("3,000Pをチャージしました。");
    expect(result.doc.querySelector('[data-testid="points"]')?.text).toBe("3,000P");
    const en = await page(`/en/balance/order-points/card/result/?id=${row!.id}`, member.cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Your top-up is complete");
    expect(en.html).toContain("3,000P added.");
    // The same confirm sent again is the same top-up: nothing more is charged.
    const again = await post(FORM, member.cookie, { amount: "3000", cardId, requestKey: keyOf(form.doc) });
    expect(again.location).toBe(`/ja/balance/order-points/card/result/?id=${row!.id}`);
    expect(await pointsOf(member)).toBe(3000);
    // Nobody else sees it; a malformed id names nothing.
    const stranger = await signIn(server, await makeMember(server.ctx));
    expect((await page(`/ja/balance/order-points/card/result/?id=${row!.id}`, stranger.cookie)).status).toBe(
      404,
    );
    expect((await page("/ja/balance/order-points/card/result/?id=abc", member.cookie)).status).toBe(404);
  });

  it("credits nothing for a declined card and says why, keeping what was chosen", async () => {
    const { member, cardId } = await memberWithCard("declined");
    const form = await page(FORM, member.cookie);
    const key = keyOf(form.doc);
    const refused = await post(FORM, member.cookie, { amount: "5000", cardId, requestKey: key });
    expect(refused.status).toBe(402);
    expect(refused.doc.querySelector('[role="alert"]')?.text).toBe(
      "このカードはご利用になれませんでした。別のカードをお選びいただくか、カード会社にお問い合わせください",
    );
    expect(refused.doc.querySelector('input[name="amount"]')?.getAttribute("value")).toBe("5000");
    expect(
      refused.doc.querySelector(`input[name="cardId"][value="${cardId}"]`)?.hasAttribute("checked"),
    ).toBe(true);
    // A refused top-up is over: the next try is a new one.
    expect(keyOf(refused.doc)).not.toBe(key);
    expect(await pointsOf(member)).toBe(0);
    const rows = await server.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id));
    expect(rows.map((r) => r.state)).toEqual(["FAILED"]);
    const shown = await page(`/ja/balance/order-points/card/result/?id=${rows[0]!.id}`, member.cookie);
    expect(shown.doc.querySelector("h1")?.text).toBe("チャージできませんでした");
    expect(shown.html).toContain("ポイントは付与されておらず、カードへの請求もありません。");
  });

  it("goes through 3-D Secure and back: passed, the points are credited; failed, nothing is", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    for (const [intent, amount] of [
      ["pass", "10000"],
      ["fail", "2000"],
    ] as const) {
      const form = await page(FORM, member.cookie);
      const sent = await post(FORM, member.cookie, { amount, cardId, requestKey: keyOf(form.doc) });
      expect(sent.status).toBe(302);
      const challenge = pathOf(sent.location!);
      expect(challenge).toMatch(/^\/sandbox\/payments\/challenge\/ch_[0-9a-f]+\/\?return=/);
      const challengePage = await page(challenge, member.cookie);
      expect(challengePage.status).toBe(200);
      const back = await post(challenge, member.cookie, { intent });
      expect(back.status).toBe(302);
      const resultPath = pathOf(back.location!);
      expect(resultPath).toMatch(/^\/ja\/balance\/order-points\/card\/result\/\?id=\d+$/);
      const result = await page(resultPath, member.cookie);
      expect(result.status).toBe(200);
      if (intent === "pass") {
        expect(result.doc.querySelector("h1")?.text).toBe("チャージが完了しました");
        expect(await pointsOf(member)).toBe(10000);
      } else {
        expect(result.doc.querySelector("h1")?.text).toBe("チャージできませんでした");
        expect(result.doc.querySelector('[role="alert"]')?.text).toContain(
          "本人認証（3Dセキュア）に失敗したため、チャージできませんでした",
        );
        expect(await pointsOf(member)).toBe(10000);
      }
    }
    // Back on the result page before authenticating: the way to the challenge is offered.
    const form = await page(FORM, member.cookie);
    const waiting = await post(FORM, member.cookie, { amount: "700", cardId, requestKey: keyOf(form.doc) });
    const [row] = await server.ctx.db.select().from(topUps).where(eq(topUps.amount, 700)).orderBy(topUps.id);
    const early = await page(`/ja/balance/order-points/card/result/?id=${row!.id}`, member.cookie);
    expect(early.doc.querySelector("h1")?.text).toBe("本人認証が完了していません");
    expect(early.doc.querySelector('a[href*="/sandbox/payments/challenge/"]')?.getAttribute("href")).toBe(
      waiting.location,
    );
  });

  it("keeps what was typed on bad input, says what is wrong next to it, and charges nothing", async () => {
    const { member, cardId } = await memberWithCard();
    const form = await page(FORM, member.cookie);
    const key = keyOf(form.doc);
    const cases: [Record<string, string>, string[]][] = [
      [{ amount: "abc", cardId }, ["amount"]],
      [{ amount: "499", cardId }, ["amount"]],
      [{ amount: "100001", cardId }, ["amount"]],
      [{ amount: "9".repeat(400), cardId }, ["amount"]],
      [{ amount: "3000\u0000", cardId: "car_\u0000" }, ["amount", "cardId"]],
      [{ amount: "3000" }, ["cardId"]],
      [{}, ["amount", "cardId"]],
    ];
    for (const [fields, wrong] of cases) {
      const res = await post(FORM, member.cookie, { ...fields, requestKey: key });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      for (const name of wrong) {
        expect(res.doc.querySelector(`[data-testid="error-${name}"]`), name).not.toBeNull();
      }
    }
    const low = await post(FORM, member.cookie, { amount: "499", cardId, requestKey: key });
    expect(low.doc.querySelector('input[name="amount"]')?.getAttribute("value")).toBe("499");
    expect(low.doc.querySelector('[data-testid="error-amount"]')?.text).toContain("500");
    const en = await post("/en/balance/order-points/card/", member.cookie, {
      amount: "3000",
      requestKey: key,
    });
    expect(en.doc.querySelector('[data-testid="error-cardId"]')?.text).toBe(
      "Please choose the card to pay with",
    );
    // No key (a form from elsewhere) is refused too.
    expect((await post(FORM, member.cookie, { amount: "3000", cardId })).status).toBe(422);
    expect(await server.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id))).toEqual([]);
    expect(await pointsOf(member)).toBe(0);
  });

  it("offers to add a card when none is saved, and comes back here once it is", async () => {
    const member = await signIn(server, await makeMember(server.ctx));
    const empty = await page(FORM, member.cookie);
    expect(empty.html).toContain("登録済みのクレジットカードがありません。");
    const add = empty.doc.querySelector('a[href^="/ja/settings/credit-card/add/"]')!.getAttribute("href")!;
    expect(add).toBe("/ja/settings/credit-card/add/?redirect=%2Fja%2Fbalance%2Forder-points%2Fcard%2F");
    const addPage = await page(add, member.cookie);
    expect(addPage.doc.querySelector('input[name="redirect"]')?.getAttribute("value")).toBe(FORM);
    const saved = await post(add, member.cookie, {
      cardToken: await cardToken(server.ctx),
      redirect: FORM,
    });
    expect(saved.location).toBe(FORM);
    expect(await listSavedCards(server.ctx, { userId: member.id })).toHaveLength(1);
    // Another site is never where it leads.
    const evil = await post(add, member.cookie, {
      cardToken: await cardToken(server.ctx),
      redirect: "https://evil.example/",
    });
    expect(evil.location).toBe("/ja/mypage/");
  });
});

describe("the card step of the seller setup", () => {
  it("is reachable after the bank account, saves a card or is skipped", async () => {
    const member = await signIn(server, await makeMember(server.ctx));
    const step = await page("/ja/setup/credit-card/?redirect=/ja/sell/", member.cookie);
    expect(step.status).toBe(200);
    expect(step.doc.querySelector('[data-testid="setup-progress"]')?.text).toBe("ステップ 3/4");
    expect(step.doc.querySelector("h1")?.text).toBe("クレジットカードの登録");
    const skip = step.doc.querySelector('[data-testid="setup-skip"]');
    expect(skip?.text).toBe("今は登録しない");
    expect(skip?.getAttribute("href")).toBe("/ja/setup/complete/?redirect=%2Fja%2Fsell%2F");
    // Card inputs carry no name: only the provider's token is posted.
    expect(step.doc.querySelectorAll("input[data-card]").every((i) => !i.getAttribute("name"))).toBe(true);
    const bad = await post("/ja/setup/credit-card/?redirect=/ja/sell/", member.cookie, {
      cardToken: "not-a-token",
      redirect: "/ja/sell/",
    });
    expect(bad.status).toBe(422);
    expect(bad.doc.querySelector('[role="alert"]')).not.toBeNull();
    const saved = await post("/ja/setup/credit-card/?redirect=/ja/sell/", member.cookie, {
      cardToken: await cardToken(server.ctx),
      redirect: "/ja/sell/",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/ja/setup/complete/?redirect=%2Fja%2Fsell%2F");
    const again = await page("/ja/setup/credit-card/?redirect=/ja/sell/", member.cookie);
    expect(again.html).toContain("Visa •••• 4242");
    expect(again.doc.querySelector('[data-testid="setup-skip"]')?.text).toBe("次へ");
    const en = await page("/en/setup/credit-card/?redirect=/en/sell/", member.cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Add a credit card");
  });
});
