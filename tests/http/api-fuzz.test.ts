import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { applyForBuyback } from "#core/buyback/apply.ts";
import { saveSearch } from "#core/catalog/save-search.ts";
import { attachDeviceCheck } from "#core/checks/attach-device-check.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { requestExport } from "#core/exports/request-export.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { fileReport } from "#core/moderation/file-report.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { addSavedCard } from "#core/money/payments/saved-cards.ts";
import { preparePayoutRun } from "#core/money/payouts/prepare-payout-run.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { startVoucherTopUp } from "#core/money/top-ups/start-voucher-top-up.ts";
import { makeOffer } from "#core/offers/make-offer.ts";
import { postComment } from "#core/social/post-comment.ts";
import { createInquiry } from "#core/support/create-inquiry.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { bankAccounts, deviceModels, identityChecks, itemPhotos } from "#db/schema/index.ts";
import { toSnake } from "#server/api/case.ts";
import { API_ROUTES } from "#server/api/v1/index.ts";
import { addBoughtDevice } from "../helpers/buyback-deliveries.ts";
import { listItem, makeOperator } from "../helpers/catalog.ts";
import { finishedCheck } from "../helpers/checks.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";

/**
 * Every endpoint, called past authentication: with a real token and real ids of the right owner,
 * and again with the token of a member who owns none of it, sent generated wrong types, long
 * strings, unicode, NUL, deep nesting and missing fields in the fields the endpoint really takes.
 * Always a success or a JSON 4xx, never a 500. A route whose path names something this test does
 * not know how to arrange fails the test, so no new route slips by.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Fixture = {
  owner: SessionUser;
  stranger: SessionUser;
  /** The back office's endpoints are called by an admin (who may do everything) instead of the owner. */
  operator: SessionUser;
  ids: Record<string, string>;
};

/** Everything a route may name, owned by `owner`: a listing with a photo and a comment, a sale, a card… */
async function arrange(): Promise<Fixture> {
  const ctx = server.ctx;
  const owner = await makeBuyer(ctx);
  const stranger = await makeBuyer(ctx);
  const buyer = await makeBuyer(ctx);
  const itemId = await listItem(ctx, owner);
  const [photo] = await ctx.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId));
  const comment = await postComment(ctx, { actor: stranger, itemId, input: { body: "動作しますか？" } });
  // An offer on the owner's listing, for the routes that answer one.
  const offer = await makeOffer(ctx, { actor: stranger, itemId, input: { amount: 17_000 } });
  const soldId = await listItem(ctx, owner);
  const sale = await purchaseItem(ctx, {
    actor: buyer,
    itemId: soldId,
    idempotencyKey: randomUUID(),
    input: { paymentMethod: "card", cardToken: await cardToken(ctx) },
    returnUrl: `${server.url}/ja/items/${soldId}/secure/result/`,
  });
  const card = await addSavedCard(ctx, { userId: owner.id, token: await cardToken(ctx) });
  await saveSearch(ctx, { actor: owner, params: new URLSearchParams("keyword=iPhone") });
  const operator = await makeOperator(ctx, ["admin"]);
  const report = await fileReport(ctx, {
    actor: stranger,
    input: { targetType: "item", targetId: itemId, reason: "MISLEADING", body: "写真が違います" },
  });
  const inquiry = await createInquiry(ctx, {
    actor: owner,
    input: { category: "other", subject: "質問", body: "教えてください" },
    locale: "ja",
  });
  const exported = await requestExport(ctx, {
    actor: operator,
    input: { kind: "transactions", dateFrom: "2026-11-01", dateTo: "2026-11-30", encoding: "sjis" },
  });
  // An identity check of the owner's waiting for the office (the provider passed another name).
  const [identityCheck] = await ctx.db
    .insert(identityChecks)
    .values({
      userId: owner.id,
      provider: "polarify",
      method: "ekyc-photo-id-selfie",
      status: "review",
      providerReference: `plr_fuzz_${randomUUID()}`,
      verifiedFacts: {
        name: "佐藤 花子",
        address: "東京都千代田区",
        birthDate: "1990-04-01",
        occupation: "会社員",
      },
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
      completedAt: new Date(),
    })
    .returning({ id: identityChecks.id });
  // The owner's balance: proceeds, a bank account, a voucher waiting to be paid, an ATM code, and a
  // bank payout gathered into a run.
  await ctx.db.insert(bankAccounts).values({
    userId: owner.id,
    bankCode: "0001",
    bankName: "みずほ銀行",
    branchCode: "001",
    branchName: "東京営業部",
    accountType: "1",
    accountNumber: "1234567",
    holderName: "ヤマダ　ハナコ",
  });
  await creditProceeds(ctx, {
    idempotencyKey: `fuzz-sale:${owner.id}`,
    kind: "sale_proceeds",
    refs: {},
    userId: owner.id,
    amount: 20_000,
    lines: [
      { account: platformAccount("revenue"), amount: -20_000 },
      { account: memberAccount(owner.id, "proceeds"), amount: 20_000 },
    ],
  });
  const topUp = await startVoucherTopUp(ctx, {
    userId: owner.id,
    method: "cvs",
    input: { store: "10001", amount: 3000 },
  });
  const atm = await requestPayout(ctx, {
    userId: owner.id,
    method: "seven",
    input: { amount: 1000 },
    requestKey: randomUUID(),
  });
  await requestPayout(ctx, {
    userId: owner.id,
    method: "bank",
    input: { amount: 1000 },
    requestKey: randomUUID(),
  });
  const run = await preparePayoutRun(ctx, operator);
  // A device a member sold to a buyer company, in the company's delivery.
  const { buybackCompanies } = await import("#db/schema/index.ts");
  const [company] = await ctx.db.insert(buybackCompanies).values({ name: "買取テスト株式会社" }).returning();
  const [boughtModel] = await ctx.db
    .insert(deviceModels)
    .values({ brandCode: "00001", categoryCode: "05", name: `iPhone 13 ${randomUUID()}` })
    .returning();
  const bought = await addBoughtDevice(ctx.db, {
    companyId: company!.id,
    sellerId: stranger.id,
    modelId: boughtModel!.id,
    amount: 10_000,
  });
  // A device the owner sent to the buyback.
  const [model] = await ctx.db
    .insert(deviceModels)
    .values({
      brandCode: "00001",
      categoryCode: "05",
      name: `Fuzz phone ${randomUUID()}`,
      storageOptions: [],
    })
    .returning({ id: deviceModels.id });
  const answers = {
    power: "yes",
    screen: "ok",
    battery: "ok",
    camera: "ok",
    sensor: "ok",
    network: "○",
    appearance: "used",
  };
  const buyback = await applyForBuyback(ctx, {
    actor: owner,
    requestKey: randomUUID(),
    devices: [{ categoryCode: "05", modelId: model!.id, imei: "353911101234566", answers }],
    shipping: { method: "kit" },
    confirmations: { activationLock: true, dataErased: true, adult: true },
  });
  const { savedSearches, sessions } = await import("#db/schema/index.ts");
  const [search] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, owner.id));
  // Another device the owner is signed in on, for the routes that list and end sessions.
  await createSession(ctx, { userId: owner.id, kind: "web", persistent: true, userAgent: "Mozilla/5.0" });
  const [device] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.id))
    .orderBy(desc(sessions.id))
    .limit(1);
  // A passkey of the owner's, for the route that removes one.
  const { passkeys } = await import("#db/schema/index.ts");
  const [passkey] = await ctx.db
    .insert(passkeys)
    .values({
      userId: owner.id,
      credentialId: randomUUID(),
      publicKey: "pQECAyYgASFYIA",
      deviceType: "singleDevice",
      name: "Fuzz",
    })
    .returning({ id: passkeys.id });
  // The owner's self-check report, on the owner's listing.
  const check = await saveDeviceCheck(ctx, { actor: owner, input: finishedCheck(ctx.clock.now()) });
  await attachDeviceCheck(ctx, { actor: owner, itemId, input: { reportId: check.id } });
  return {
    owner,
    stranger,
    operator,
    ids: {
      deviceCheck: check.id,
      report: String(report.id),
      identityCheck: String(identityCheck!.id),
      inquiry: String(inquiry.id),
      export: String(exported.id),
      operator: String(operator.id),
      item: String(itemId),
      photo: String(photo!.id),
      comment: String(comment.id),
      offer: String(offer.id),
      // The owner is the seller of this sale.
      transaction: String(sale.transactionId),
      card: card.id,
      savedSearch: String(search!.id),
      user: String(stranger.id),
      postal: "1500001",
      topUp: String(topUp.id),
      payout: String(atm.payout.id),
      payoutRun: String(run.id),
      buybackDelivery: String(bought.deliveryId),
      buybackProduct: String(bought.itemId),
      buybackItem: String(buyback.itemIds[0]),
      model: String(model!.id),
      session: String(device!.id),
      passkey: String(passkey!.id),
    },
  };
}

/** The path with each of its parameters replaced by the fixture's ids; unknown ones fail the test. */
function pathOf(path: string, f: Fixture): string {
  return path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    // A provider the owner has not linked: unlinking it is refused (404).
    if (name === "provider") return "line";
    const kind =
      name === "comment_id"
        ? "comment"
        : name === "photo_id"
          ? "photo"
          : name === "card_id"
            ? "card"
            : name === "code"
              ? "postal"
              : name === "id" && /^\/(staff\/)?items\//.test(path)
                ? "item"
                : name === "id" && path.startsWith("/staff/comments/")
                  ? "comment"
                  : name === "id" && path.startsWith("/staff/reports/")
                    ? "report"
                    : name === "id" && /^\/(staff|me)\/inquiries\//.test(path)
                      ? "inquiry"
                      : name === "id" && path.startsWith("/staff/exports/")
                        ? "export"
                        : name === "id" && path.startsWith("/staff/operators/")
                          ? "operator"
                          : name === "id" && path.startsWith("/staff/members/")
                            ? "user"
                            : name === "id" && /^\/(staff\/)?transactions\//.test(path)
                              ? "transaction"
                              : name === "id" && path.startsWith("/me/saved-searches/")
                                ? "savedSearch"
                                : name === "id" && path.startsWith("/users/")
                                  ? "user"
                                  : name === "id" && path.startsWith("/staff/identity-reviews/")
                                    ? "identityCheck"
                                    : name === "id" && path.startsWith("/me/balance/top-ups/")
                                      ? "topUp"
                                      : name === "id" && /^\/(staff|me\/balance)\/payouts\//.test(path)
                                        ? "payout"
                                        : name === "id" && path.startsWith("/staff/payout-runs/")
                                          ? "payoutRun"
                                          : name === "id" && path.startsWith("/buyback/deliveries/")
                                            ? "buybackDelivery"
                                            : name === "id" && path.startsWith("/buyback/products/")
                                              ? "buybackProduct"
                                              : name === "id" && path.startsWith("/buyback/transactions/")
                                                ? "buybackItem"
                                                : name === "id" && /^\/(buyback\/)?models\//.test(path)
                                                  ? "model"
                                                  : name === "id" && path.startsWith("/me/sessions/")
                                                    ? "session"
                                                    : name === "id" && path.startsWith("/me/passkeys/")
                                                      ? "passkey"
                                                      : name === "id" && path.startsWith("/device-checks/")
                                                        ? "deviceCheck"
                                                        : name === "id" && path.startsWith("/offers/")
                                                          ? "offer"
                                                          : null;
    if (!kind) throw new Error(`No arrangement for {${name}} in ${path}: add one to the fuzz test`);
    return f.ids[kind]!;
  });
}

/** The wire names of the fields a route's body or query really takes. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape).map(toSnake) : [];
}

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.constantFrom("a\u0000b", "", " ", "０１２", "ｱｲｳ", "1e309", "-1", "9".repeat(40), "<script>"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

function bodyFor(keys: string[]) {
  const names = [...keys, "__proto__", "constructor", "extra"];
  return fc.oneof(
    fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 8 }),
    value,
    fc.string().map((s) => ({ raw: `{${s}` })),
    fc.integer({ min: 40, max: 200 }).map((n) => ({ raw: `${'{"a":'.repeat(n)}1${"}".repeat(n)}` })),
  );
}

function queryFor(keys: string[]) {
  return fc
    .dictionary(
      fc.constantFrom(...keys, "x"),
      fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("%FF", "%00", "-1", "99999999999999999999")),
      { maxKeys: 4 },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${encodeURIComponent(k)}=${/^%/.test(v) ? v : encodeURIComponent(v)}`)
        .join("&"),
    );
}

const reached = { owner: 0, stranger: 0 };

/**
 * Reads change nothing, so they share one arrangement; every other route gets a fresh one, since
 * a generated body may well succeed (end a session, remove a card) and take away what the next
 * route names.
 */
let forReads: Promise<Fixture> | undefined;
function fixtureFor(method: string): Promise<Fixture> {
  if (method !== "get") return arrange();
  forReads ??= arrange();
  return forReads;
}

describe("API fuzzing past authentication", () => {
  for (const route of API_ROUTES) {
    it(`${route.method.toUpperCase()} ${route.path}: never a 500, as its owner or as a stranger`, async () => {
      const f = await fixtureFor(route.method);
      const path = pathOf(route.path, f);
      const bodyKeys = fieldsOf(route.body);
      const queryKeys = fieldsOf(route.query);
      for (const who of ["owner", "stranger"] as const) {
        const caller = who === "owner" && route.permission ? f.operator : f[who];
        const token = (await createSession(server.ctx, { userId: caller.id, kind: "api", persistent: true }))
          .token;
        let pastAuth = false;
        await fc.assert(
          fc.asyncProperty(
            bodyFor(bodyKeys),
            queryFor(queryKeys),
            fc.constantFrom("ja", "en", ""),
            async (payload, query, lang) => {
              const raw =
                typeof payload === "object" && payload !== null && "raw" in payload
                  ? String(payload.raw)
                  : JSON.stringify(payload);
              const res = await fetch(`${server.url}/api/v1${path}${query ? `?${query}` : ""}`, {
                method: route.method.toUpperCase(),
                headers: {
                  authorization: `Bearer ${token}`,
                  "content-type": "application/json",
                  "accept-language": lang,
                  "idempotency-key": randomUUID(),
                },
                body: route.method === "get" ? undefined : raw,
              });
              const text = await res.text();
              if (res.status >= 500) throw new Error(`${res.status}: ${text}`);
              if (res.status !== 401) pastAuth = true;
              if (res.status >= 400) {
                const json = JSON.parse(text);
                if (typeof json.error?.code !== "string" || typeof json.error?.message !== "string") {
                  throw new Error(`not a JSON error: ${text}`);
                }
              }
            },
          ),
          { numRuns: 12 },
        );
        // Logging out ends the session on its first run; every other route reads the token.
        if (pastAuth) reached[who] += 1;
        else if (route.auth === "user")
          throw new Error(`${route.path} never got past authentication as ${who}`);
      }
    });
  }

  it("reached every route past authentication, as its owner and as a stranger", () => {
    expect(reached).toEqual({ owner: API_ROUTES.length, stranger: API_ROUTES.length });
  });
});
