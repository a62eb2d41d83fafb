import { BALANCE_LIMITS } from "../../money/balance/limits.ts";
import { AUTO_COMPLETE_DAYS } from "../../trading/transaction-states.ts";
import { type HelpArticle, yenEn, yenJa } from "../article.ts";

const { card, cvs, payeasy } = BALANCE_LIMITS.topUp;

/** Buying on the flea market: how a purchase goes, paying, receiving, cancelling, and junk devices. */
export const BUYING_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "how-to-buy",
    section: "buying",
    ja: {
      title: "購入の流れ",
      summary: "商品を選んでから、受け取り評価をして取引が終わるまでの流れです。",
      keywords: ["買い方", "購入手続き", "注文", "エスクロー"],
      body: `Tsuguでの購入は、次の順に進みます。

1. **商品を選ぶ**：商品ページで、状態・ネットワーク利用制限・バッテリーの状態・不具合のチェック項目を確認します。気になる点は購入前にコメントで出品者に質問できます。
2. **購入手続きへ**：「購入手続きへ」を押し、お届け先と支払い方法（クレジットカードまたはポイント）を選んで購入を確定します。ログインしていない場合は、ログイン後にこの画面へ戻ります。
3. **出品者が発送**：出品者は商品ページに書かれた「発送までの日数」（1〜2日、2〜3日、4〜7日）のうちに発送します。発送されると通知が届きます。
4. **受け取り評価**：商品が届いたら中身を確認し、取引画面で受け取り評価をします。
5. **取引完了**：出品者があなたを評価すると取引が完了し、代金が出品者の売上金に入ります。

お支払いいただいた代金は、受け取り評価をするまでTsuguがお預かりし、出品者には渡りません。届いた商品に問題があるときは、評価をする前に取引メッセージで出品者に連絡してください。`,
    },
    en: {
      title: "How buying works",
      summary: "The steps from choosing an item to rating it on arrival and completing the sale.",
      keywords: ["purchase", "checkout", "order", "escrow"],
      body: `Buying on Tsugu goes in these steps.

1. **Choose an item**: on the item page, check the condition, the network restriction status, the battery and the defects checklist. You can ask the seller a question in the comments before buying.
2. **Go to checkout**: tap "Proceed to purchase", choose the delivery address and how to pay (credit card or points), and confirm. If you are not logged in, you come back to this page after logging in.
3. **The seller ships**: the seller ships within the lead time shown on the item page (1–2, 2–3 or 4–7 days). You are notified when it is on its way.
4. **Rate on arrival**: when the item arrives, check it and rate the sale on the transaction page.
5. **Completed**: when the seller rates you, the sale is completed and the money goes to the seller's proceeds.

Tsugu holds what you paid until you rate the item on arrival; the seller does not receive it before. If something is wrong with what arrived, message the seller on the transaction page before you rate.`,
    },
  },
  {
    slug: "payment-methods",
    section: "buying",
    ja: {
      title: "使える支払い方法",
      summary: "クレジットカードとポイントで支払えます。ポイントはカード・コンビニ・Pay-easyで購入できます。",
      keywords: ["支払い", "決済", "クレジットカード", "3Dセキュア", "ポイント払い", "コンビニ払い"],
      body: `商品の代金は、次のどちらかでお支払いいただけます。

- **クレジットカード**：登録したカードで支払います。カード会社の本人認証（3Dセキュア）の画面が開いたら、案内に沿って認証してください。カードは[クレジットカードの設定](/:lang/settings/credit-card/)で登録・削除できます。
- **ポイント**：ポイント残高で支払います。ポイントで支払うときは、カードは選ばないでください。

ポイントは、次の方法で購入できます。

- クレジットカード：${yenJa(card.min)}〜${yenJa(card.max)}
- コンビニ払い：${yenJa(cvs.min)}〜${yenJa(cvs.max)}
- Pay-easy（ペイジー）：${yenJa(payeasy.min)}〜${yenJa(payeasy.max)}

コンビニ払いとPay-easyは、支払い番号の発行から${BALANCE_LIMITS.voucherDays}日以内にお支払いください。期限を過ぎると番号は使えなくなります。売上金をお持ちの方は、売上金を手数料なしでポイントに交換することもできます（[ポイントと売上金](/:lang/help/points-and-proceeds/)）。`,
    },
    en: {
      title: "Ways to pay",
      summary:
        "Pay by credit card or with points. Points can be bought by card, at a convenience store or by Pay-easy.",
      keywords: ["payment", "pay", "credit card", "3-D Secure", "points", "convenience store"],
      body: `You can pay for an item in one of two ways.

- **Credit card**: pay with a card you registered. If your card company's check (3-D Secure) opens, follow its steps. Add or remove cards in [credit card settings](/:lang/settings/credit-card/).
- **Points**: pay from your points balance. When paying with points, do not choose a card.

You can buy points in these ways.

- Credit card: ${yenEn(card.min)} to ${yenEn(card.max)}
- Convenience store: ${yenEn(cvs.min)} to ${yenEn(cvs.max)}
- Pay-easy: ${yenEn(payeasy.min)} to ${yenEn(payeasy.max)}

Pay a convenience-store or Pay-easy order within ${BALANCE_LIMITS.voucherDays} days of getting its payment number; after that the number no longer works. If you have proceeds, you can also turn them into points without a fee (see [Points and proceeds](/:lang/help/points-and-proceeds/)).`,
    },
  },
  {
    slug: "receiving-and-rating",
    section: "buying",
    ja: {
      title: "商品の受け取りと評価",
      summary: `届いた商品を確認してから受け取り評価をします。評価がないまま${AUTO_COMPLETE_DAYS}日たつと取引は自動で完了します。`,
      keywords: ["受取評価", "受け取り", "届かない", "自動完了", "評価"],
      body: `商品が届いたら、すぐに中身を確認してください。

- 商品ページの説明どおりか（状態、不具合、付属品）
- IMEIが商品ページの表示と同じか（設定アプリや「*#06#」で確認できます）
- アクティベーションロック（「探す」やGoogleアカウント）が解除されているか

問題がなければ、取引画面で**受け取り評価**をしてください。評価をすると、お預かりしていた代金が出品者に渡る手続きが始まり、取り消せません。

**問題があるとき**は、評価をする前に取引メッセージで出品者に連絡してください。話し合いで解決できないときは、[お問い合わせ](/:lang/mypage/support/)から取引を選んでご相談ください。

発送から3日たっても評価がない場合はお知らせが届き、発送から${AUTO_COMPLETE_DAYS}日たつと、評価がないまま取引は自動で完了します。届いていない、説明と違うなどの場合は、それまでにご連絡ください。`,
    },
    en: {
      title: "Receiving and rating an item",
      summary: `Check the item, then rate it on arrival. Without a rating, the sale completes by itself ${AUTO_COMPLETE_DAYS} days after shipping.`,
      keywords: ["receipt", "rating", "review", "not arrived", "auto complete"],
      body: `When the item arrives, check it straight away.

- Is it as described (condition, defects, accessories)?
- Is the IMEI the one the item page shows (see Settings, or dial *#06#)?
- Is the activation lock (Find My, or the Google account) removed?

If all is well, **rate it on arrival** on the transaction page. Rating starts paying the seller the money Tsugu held, and cannot be undone.

**If something is wrong**, message the seller on the transaction page before you rate. If you cannot settle it together, ask us through [Contact support](/:lang/mypage/support/), choosing the sale.

If you have not rated 3 days after shipping, we remind you; ${AUTO_COMPLETE_DAYS} days after shipping the sale completes without your rating. If the item did not arrive or is not as described, tell us before then.`,
    },
  },
  {
    slug: "cancel-a-purchase",
    section: "buying",
    ja: {
      title: "購入をキャンセルしたいとき",
      summary:
        "発送前なら、理由を選んでキャンセルを申請できます。相手が同意するとキャンセルになり、代金は返金されます。",
      keywords: ["キャンセル", "取り消し", "返金", "間違えて購入", "発送されない"],
      body: `キャンセルは、**出品者が発送する前**に、取引画面から申請できます。

1. 取引画面の「キャンセルを申請する」から理由を選びます（購入者は「間違えて購入した」「発送されない」「連絡が取れない」「双方合意」「その他」）。必要なら詳しい事情も書き添えます。
2. 相手が同意すると、取引はキャンセルになります。
3. 相手が同意しない場合や返事がない場合は、Tsugu事務局が取引の内容を確認して判断します。

キャンセルになると、代金は支払いに使った方法で返金されます。クレジットカードの場合はカード会社を通じて取り消され、ポイントの場合はポイント残高に戻ります。商品は再び出品中に戻ります。

**発送された後**は、キャンセルの申請はできません。届いた商品に問題があるときは、受け取り評価をせずに取引メッセージで出品者に連絡し、解決しない場合は[お問い合わせ](/:lang/mypage/support/)からご相談ください。`,
    },
    en: {
      title: "Cancelling a purchase",
      summary:
        "Before the item ships, either side can ask to cancel with a reason. Once the other agrees, the sale is cancelled and refunded.",
      keywords: ["cancel", "cancellation", "refund", "bought by mistake", "not shipped"],
      body: `You can ask to cancel **before the seller ships**, on the transaction page.

1. Choose "Request cancellation" and a reason (as the buyer: ordered by mistake, not shipped, no reply, agreed with the seller, or other). Add details if needed.
2. When the other side agrees, the sale is cancelled.
3. If they refuse or do not answer, the Tsugu office looks at the sale and decides.

A cancelled sale is refunded the way it was paid: a card payment is reversed through the card company, points go back to your points balance. The item goes back on sale.

**Once the item has shipped**, cancellation can no longer be requested. If something is wrong with what arrived, do not rate it: message the seller on the transaction page, and if that does not settle it, ask us through [Contact support](/:lang/mypage/support/).`,
    },
  },
  {
    slug: "junk-and-conditions",
    section: "buying",
    ja: {
      title: "ジャンク品と商品の状態の見かた",
      summary:
        "「中古」「故障あり」「動作未確認」「使用不可」の違いと、ネットワーク利用制限の記号の意味です。",
      keywords: ["ジャンク", "状態", "故障", "動作未確認", "ネットワーク利用制限", "赤ロム", "バッテリー"],
      body: `Tsuguでは、壊れた端末も含めて売り買いできます。購入前に、商品ページの次の項目を必ず確認してください。

**商品の状態**

- 中古：問題なく使える状態
- 故障あり：一部の機能に不具合がある
- 動作未確認：出品者が動作を確かめていない
- 使用不可：電源が入らないなど、そのままでは使えない（部品取り・修理向け）

**ネットワーク利用制限**（携帯会社の判定）

- ○：制限なし
- △：分割支払い中など。今後、制限（×）になる可能性があります
- ×：制限中。SIMカードを入れても通信できません（いわゆる赤ロム）
- −：判定の対象外（Wi-Fiモデルなど）

**そのほか**：バッテリーの最大容量、アクティベーションロックの有無、画面割れ・水没・充電口・カメラなどの不具合チェック。これらは検索の絞り込みにも使えます。

記載されていた不具合を理由にしたキャンセルや返品はできません。わからない点は、購入前にコメントで質問してください。IMEIから制限の状況を調べるには[IMEIチェッカー](/:lang/imei-checker/)が便利です。`,
    },
    en: {
      title: "Junk devices and reading an item's condition",
      summary: "What used, defective, unconfirmed and unusable mean, and the network restriction marks.",
      keywords: ["junk", "condition", "broken", "defective", "network restriction", "blacklisted", "battery"],
      body: `Tsugu sells broken devices too. Before buying, always check these on the item page.

**Condition**

- Used: works without problems
- Defective: some functions do not work
- Unconfirmed: the seller has not checked whether it works
- Unusable: cannot be used as it is, e.g. does not power on (for parts or repair)

**Network restriction** (the carrier's status)

- ○: not restricted
- △: still being paid off, for example; it may become restricted (×) later
- ×: restricted: with a SIM card inserted it cannot connect (blacklisted)
- −: not checked (Wi-Fi models, for example)

**Also**: battery health, whether an activation lock is on, and the defects checklist (cracked screen, water damage, charging port, cameras…). All of them are search filters too.

A defect the listing described is not a reason to cancel or return. If something is unclear, ask in the comments before buying. The [IMEI checker](/:lang/imei-checker/) tells a device's status from its IMEI.`,
    },
  },
];
