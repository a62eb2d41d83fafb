import { eq } from "drizzle-orm";
import sharp from "sharp";
import { saveItem } from "#core/catalog/save-item.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { expireFreePoints, grantFreePoints } from "#core/money/balance/free-points.ts";
import { transferToPoints } from "#core/money/balance/transfer-points.ts";
import { createSandboxCardToken } from "#core/money/payments/sandbox-gateway.ts";
import { addSavedCard } from "#core/money/payments/saved-cards.ts";
import { SANDBOX_TEST_CARDS } from "#core/money/payments/test-cards.ts";
import { markPayoutRunSent } from "#core/money/payouts/pay-out-to-bank.ts";
import { preparePayoutRun } from "#core/money/payouts/prepare-payout-run.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { startCardTopUp } from "#core/money/top-ups/card-top-up.ts";
import { markNotificationsRead } from "#core/notify/mark-notifications-read.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { rateTransaction } from "#core/trading/rate-transaction.ts";
import { shipItem } from "#core/trading/ship-item.ts";
import { payouts } from "../schema/index.ts";
import { demoActor } from "./demo-accounts.ts";
import { phoneSvg } from "./demo-catalogue.ts";

const DAY_MS = 24 * 3600 * 1000;

/** A core context whose clock stands at `when`: the demo history is written as it happened. */
const at = (ctx: CoreContext, when: Date): CoreContext => ({ ...ctx, clock: { now: () => new Date(when) } });

/** A listing of the demo's own, published on `day` through the seller's use case, with its photo. */
async function listing(
  ctx: CoreContext,
  seller: SessionUser,
  day: Date,
  o: { title: string; model: string; price: number; color: string; storageGb: number; defects: string[] },
): Promise<number> {
  const png = await sharp(Buffer.from(phoneSvg(o.model, o.color, o.defects, 0)))
    .png()
    .toBuffer();
  const { id } = await saveItem(at(ctx, day), {
    actor: seller,
    input: {
      title: o.title,
      description: `${o.model}です。写真とあわせて状態をご確認ください。動作確認済み、初期化してあります。`,
      price: String(o.price),
      categoryCode: "05",
      brandCode: o.model.startsWith("iPhone") ? "00001" : "00005",
      condition: o.defects.length ? "DEFECTIVE" : "USED",
      postage: "INCLUDED",
      shippingMethod: "05",
      leadTime: "01",
      storageGb: String(o.storageGb),
      color: o.color,
      carrier: "simfree",
      networkRestriction: "○",
      activationLock: "off",
      defects: o.defects,
    },
    photos: [{ bytes: new Uint8Array(png) }],
    publish: true,
  });
  return id;
}

/**
 * One sale from start to finish, each step on its day: bought (by card, or with the buyer's
 * points), shipped the next day, rated by the buyer two days later and by the seller the day after,
 * which pays the seller's proceeds.
 */
async function trade(
  ctx: CoreContext,
  o: { buyer: SessionUser; seller: SessionUser; itemId: number; day: Date; key: string; points?: boolean },
): Promise<void> {
  const c = at(ctx, o.day);
  const input = o.points
    ? { paymentMethod: "points" as const }
    : {
        paymentMethod: "card" as const,
        cardToken: (
          await createSandboxCardToken(c, {
            number: SANDBOX_TEST_CARDS.success,
            expMonth: 12,
            expYear: 2035,
            cvc: "123",
          })
        ).id,
      };
  const { transactionId } = await purchaseItem(c, {
    actor: o.buyer,
    itemId: o.itemId,
    idempotencyKey: o.key,
    input,
    returnUrl: `${ctx.publicUrl}/ja/items/${o.itemId}/secure/result/`,
  });
  const day = (n: number) => at(ctx, new Date(o.day.getTime() + n * DAY_MS));
  await shipItem(day(1), { actor: o.seller, transactionId, input: { trackingNumber: "" } });
  await rateTransaction(day(3), {
    actor: o.buyer,
    transactionId,
    input: { rating: "good", comment: "説明どおりの状態で、すぐに届きました。ありがとうございました。" },
  });
  await rateTransaction(day(4), {
    actor: o.seller,
    transactionId,
    input: { rating: "good", comment: "スムーズなお取引をありがとうございました。" },
  });
}

/**
 * はなこ's money, every kind of balance row through the use cases at the time it happened: two
 * sales (the older one's proceeds 19 days from their 180-day deadline), points bought by card,
 * free points granted (one grant expired), proceeds moved to points, a purchase paid with points,
 * a bank payout sent and one waiting for the next run. Does nothing once she has a payout.
 */
export async function seedDemoBalance(ctx: CoreContext): Promise<number> {
  const [hanako, taro, staff, finance] = await Promise.all([
    demoActor(ctx, "hanako@tsugu.example"),
    demoActor(ctx, "taro@tsugu.example"),
    demoActor(ctx, "staff@tsugu.example"),
    demoActor(ctx, "finance@tsugu.example"),
  ]);
  if (!hanako || !taro || !staff || !finance) return 0;
  const [paid] = await ctx.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.userId, hanako.id));
  if (paid) return 0;
  const now = ctx.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const older = await listing(ctx, hanako, ago(170), {
    title: "iPhone 13 128GB ミッドナイト 美品 SIMフリー",
    model: "iPhone 13",
    price: 27_000,
    color: "black",
    storageGb: 128,
    defects: [],
  });
  const newer = await listing(ctx, hanako, ago(64), {
    title: "Pixel 7a 128GB 画面割れ 動作OK",
    model: "Pixel 7a",
    price: 9_400,
    color: "blue",
    storageGb: 128,
    defects: ["screen_cracked"],
  });
  const hers = await listing(ctx, taro, ago(28), {
    title: "iPhone SE 第2世代 64GB バッテリー最大容量78%",
    model: "iPhone SE (第2世代)",
    price: 4_800,
    color: "white",
    storageGb: 64,
    defects: [],
  });

  // 165 days ago taro bought from her: paid 161 days ago, so 19 days are left of the 180.
  await trade(ctx, { buyer: taro, seller: hanako, itemId: older, day: ago(165), key: "demo-hanako-sale-1" });
  await grantFreePoints(at(ctx, ago(100)), staff, {
    userId: hanako.id,
    input: { amount: 300, expiresInDays: 30, reason: "初回出品キャンペーン" },
    requestKey: "demo-hanako-free-1",
  });
  await expireFreePoints(at(ctx, ago(69)));
  await trade(ctx, { buyer: taro, seller: hanako, itemId: newer, day: ago(60), key: "demo-hanako-sale-2" });
  const card = await addSavedCard(at(ctx, ago(50)), {
    userId: hanako.id,
    token: (
      await createSandboxCardToken(at(ctx, ago(50)), {
        number: SANDBOX_TEST_CARDS.success,
        expMonth: 12,
        expYear: 2035,
        cvc: "123",
      })
    ).id,
  });
  await startCardTopUp(at(ctx, ago(50)), {
    userId: hanako.id,
    input: { amount: 5000, cardId: card.id },
    requestKey: "demo-hanako-top-up",
    returnUrl: (id) => `${ctx.publicUrl}/ja/balance/order-points/card/result/?id=${id}`,
  });
  await transferToPoints(at(ctx, ago(40)), {
    userId: hanako.id,
    input: { amount: 2000 },
    requestKey: "demo-hanako-points",
  });
  // She spends points on one of taro's phones.
  await trade(ctx, {
    buyer: hanako,
    seller: taro,
    itemId: hers,
    day: ago(25),
    key: "demo-hanako-buy",
    points: true,
  });
  await grantFreePoints(at(ctx, ago(10)), staff, {
    userId: hanako.id,
    input: { amount: 500, expiresInDays: 90, reason: "お問い合わせへのお詫び" },
    requestKey: "demo-hanako-free-2",
  });
  // A payout that went with the bank run 19 days ago, and one waiting for the next run.
  await requestPayout(at(ctx, ago(20)), {
    userId: hanako.id,
    method: "bank",
    input: { amount: 5000 },
    requestKey: "demo-hanako-payout-1",
  });
  const run = await preparePayoutRun(at(ctx, ago(19)), finance);
  await markPayoutRunSent(at(ctx, ago(19)), finance, { runId: run.id });
  await requestPayout(at(ctx, ago(1)), {
    userId: hanako.id,
    method: "bank",
    input: { amount: 3000 },
    requestKey: "demo-hanako-payout-2",
  });
  // What this history told them they have read since; what comes next is new.
  await markNotificationsRead(at(ctx, now), hanako.id);
  await markNotificationsRead(at(ctx, now), taro.id);
  return 1;
}
