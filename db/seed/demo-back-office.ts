import { and, asc, count, eq, like } from "drizzle-orm";
import { fileReport } from "#core/moderation/file-report.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { createInquiry } from "#core/support/create-inquiry.ts";
import { createSavedReply } from "#core/support/create-saved-reply.ts";
import { items, reports, savedReplies, users } from "../schema/index.ts";
import { demoActor } from "./demo-accounts.ts";

const REPLIES = [
  {
    titleJa: "発送の遅れ（出品者に確認済み）",
    titleEn: "Late shipment (seller contacted)",
    bodyJa:
      "お問い合わせありがとうございます。出品者に発送の状況を確認しました。発送まで今しばらくお待ちください。3日たっても発送されない場合は、取引画面からキャンセルを申請できます。",
    bodyEn:
      "Thank you for contacting us. We have asked the seller about the shipment. Please wait a little longer; if it has not shipped in 3 days, you can ask to cancel from the transaction page.",
  },
  {
    titleJa: "ネットワーク利用制限の確認方法",
    titleEn: "Checking network restrictions",
    bodyJa:
      "IMEIチェッカー（/ja/imei-checker/）にIMEIを入力すると、ネットワーク利用制限の状態を確認できます。購入前に出品者へIMEIをたずねることもできます。",
    bodyEn:
      "Enter the IMEI in the IMEI checker (/en/imei-checker/) to see its network-use restriction. You can also ask the seller for the IMEI before buying.",
  },
];

/**
 * Work waiting in the back office, so that a newcomer signing in as staff@ sees the queues with
 * something in them: a member's report of a listing, an inquiry, and support's saved replies. Made
 * through the use cases, audited like any other. Does nothing once there is any report.
 */
export async function seedDemoBackOffice(ctx: CoreContext): Promise<number> {
  const [existing] = await ctx.db.select({ n: count() }).from(reports);
  const [replies] = await ctx.db.select({ n: count() }).from(savedReplies);
  if ((existing?.n ?? 0) > 0 || (replies?.n ?? 0) > 0) return 0;
  const [hanako, taro, staff] = await Promise.all([
    demoActor(ctx, "hanako@tsugu.example"),
    demoActor(ctx, "taro@tsugu.example"),
    demoActor(ctx, "staff@tsugu.example"),
  ]);
  if (!hanako || !taro || !staff) return 0;
  for (const input of REPLIES) await createSavedReply(ctx, { actor: staff, input });
  // A demo seller's listing on sale (not one of the two demo members').
  const [listing] = await ctx.db
    .select({ id: items.id })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(and(eq(items.state, "SALE"), like(users.email, "seller%@tsugu.example")))
    .orderBy(asc(items.id))
    .limit(1);
  let made = REPLIES.length;
  if (listing) {
    await fileReport(ctx, {
      actor: hanako,
      input: {
        targetType: "item",
        targetId: listing.id,
        reason: "MISLEADING",
        body: "説明では「画面割れなし」とありますが、2枚目の写真に割れが写っています。",
      },
    });
    made += 1;
  }
  await createInquiry(ctx, {
    actor: taro,
    locale: "ja",
    input: {
      category: "payment",
      subject: "売上金の振込日を知りたい",
      body: "先週の取引の売上金は、いつ口座に振り込まれますか。",
    },
  });
  return made + 1;
}
