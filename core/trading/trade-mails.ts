import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import { mailMessage } from "../identity/mails.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import type { Locale } from "../shared/locale.ts";

const TEXTS: Record<string, Record<Locale, { subject: string; body: string }>> = {
  "purchase:sold": {
    ja: {
      subject: "「{title}」が購入されました",
      body: "「{title}」が購入されました。取引画面から発送の手続きをしてください。",
    },
    en: {
      subject: "“{title}” was bought",
      body: "“{title}” was bought. Please ship it from the transaction page.",
    },
  },
  "shipping:shipped": {
    ja: {
      subject: "「{title}」が発送されました",
      body: "「{title}」が発送されました。商品が届いたら、取引画面から受取評価をしてください。",
    },
    en: {
      subject: "“{title}” has been shipped",
      body: "“{title}” has been shipped. When it arrives, please confirm receipt with a rating on the transaction page.",
    },
  },
  "shipping:reminder": {
    ja: {
      subject: "「{title}」の発送をお願いします",
      body: "「{title}」がまだ発送されていません。取引画面から発送の手続きをしてください。",
    },
    en: {
      subject: "Please ship “{title}”",
      body: "“{title}” has not been shipped yet. Please ship it from the transaction page.",
    },
  },
  "rating:reminder": {
    ja: {
      subject: "「{title}」の受取評価をお願いします",
      body: "「{title}」が届いたら、取引画面から受取評価をしてください。",
    },
    en: {
      subject: "Please confirm receipt of “{title}”",
      body: "When “{title}” arrives, please confirm receipt with a rating on the transaction page.",
    },
  },
  "purchase:CANCELING": {
    ja: {
      subject: "「{title}」の取引でキャンセルが申請されました",
      body: "「{title}」の取引でキャンセルが申請されました。取引画面から、同意するか取引を続けるかを選んでください。",
    },
    en: {
      subject: "Cancellation requested for “{title}”",
      body: "Cancellation was requested for “{title}”. Please agree or continue the transaction on its page.",
    },
  },
};

export function hasTradeMail(kind: string, event: string): boolean {
  return `${kind}:${event}` in TEXTS;
}

/** Mails one action-needed notice; a failure is retried by the job queue (undelivered mail). */
export const sendTradeMail = defineJob({
  name: "trading.send-mail",
  payload: z.object({
    userId: z.number().int(),
    kind: z.string(),
    event: z.string(),
    title: z.string(),
    itemId: z.number().int(),
  }),
  maxAttempts: 10,
});

export const sendTradeMailHandler = handleJob(sendTradeMail, async (ctx, o) => {
  const texts = TEXTS[`${o.kind}:${o.event}`];
  const [user] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, o.userId));
  if (!texts || !user) return;
  const { subject, body } = texts[user.locale];
  const fill = (s: string) => s.replaceAll("{title}", o.title);
  const url = `${ctx.publicUrl}/${user.locale}/items/${o.itemId}/transactions/`;
  await ctx.mailer.send(
    mailMessage(
      user.email,
      `${user.locale === "ja" ? "【Tsugu】" : "[Tsugu] "}${fill(subject)}`,
      `${fill(body)}\n${url}`,
      user.locale,
    ),
  );
});
