import { BUYBACK_RULES } from "../../buyback/rules.ts";
import { MAX_PRICE, MIN_PRICE, MIN_PRICE_WITH_COURIER, SALES_FEE_RATE_PERCENT } from "../../catalog/codes.ts";
import { COURIER_PICKUP_CLOSING_HOUR } from "../../shared/courier.ts";
import { COURIER_FEES } from "../../trading/codes.ts";
import { AUTO_COMPLETE_DAYS } from "../../trading/transaction-states.ts";
import { type HelpArticle, yenEn, yenJa } from "../article.ts";

const example = 10_000;
const exampleFee = Math.floor((example * SALES_FEE_RATE_PERCENT) / 100);
const p = COURIER_FEES.parcel;

/** Selling and shipping: listing, fees, rules, preparing a device, and how to send it. */
export const SELLING_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "how-to-sell",
    section: "selling",
    ja: {
      title: "出品のしかた",
      summary: "IMEIを入力すると機種が自動で入ります。写真と状態を入力し、価格と配送方法を決めて出品します。",
      keywords: ["出品", "売り方", "出品方法", "下書き", "IMEI"],
      body: `[出品する](/:lang/sell/)から、次の順に入力します。

1. **IMEI**：入力するとメーカーと機種が自動で入ります（IMEIは設定アプリか「*#06#」で確認できます）。
2. **写真**：表・裏・側面、傷や割れの部分がわかる写真を載せてください。
3. **状態**：「中古」「故障あり」「動作未確認」「使用不可」から選び、バッテリーの最大容量、ネットワーク利用制限、アクティベーションロック、不具合のチェック項目を正直に入力します。
4. **価格**：${yenJa(MIN_PRICE)}〜${yenJa(MAX_PRICE)}で設定します。らくらくTsugu便で送る場合は${yenJa(MIN_PRICE_WITH_COURIER)}以上です。入力中に、同じ機種・状態の相場が表示されます。
5. **配送**：送料の負担（送料込み／着払い）、配送方法、発送までの日数を選びます。

出品を公開するには、発送元の住所と売上金の振込先口座の登録が必要です。登録前でも下書きとして保存できます。`,
    },
    en: {
      title: "How to list an item",
      summary:
        "Type the IMEI and the model fills in. Add photos and the condition, set a price and shipping, and publish.",
      keywords: ["sell", "listing", "list an item", "draft", "IMEI"],
      body: `From [Sell](/:lang/sell/), fill in the form in this order.

1. **IMEI**: the maker and model fill in from it (find the IMEI in Settings, or dial *#06#).
2. **Photos**: front, back and sides, and close-ups of any scratches or cracks.
3. **Condition**: choose used, defective, unconfirmed or unusable, and state honestly the battery health, network restriction, activation lock and the defects checklist.
4. **Price**: from ${yenEn(MIN_PRICE)} to ${yenEn(MAX_PRICE)}; at least ${yenEn(MIN_PRICE_WITH_COURIER)} when shipping with Rakuraku Tsugu. The market price for the same model and condition is shown as you type.
5. **Shipping**: who pays the postage (included, or paid by the buyer on arrival), the method and the lead time.

To publish, you need an address to ship from and a bank account for your proceeds. Before that, you can save the listing as a draft.`,
    },
  },
  {
    slug: "selling-fees",
    section: "selling",
    ja: {
      title: "販売手数料と売上金",
      summary: `売れたときの販売手数料は販売価格の${SALES_FEE_RATE_PERCENT}%です。出品や購入に手数料はかかりません。`,
      keywords: ["手数料", "販売手数料", "売上", "利益", "いくら入る"],
      body: `出品は無料です。商品が売れたときに、販売価格の**${SALES_FEE_RATE_PERCENT}%**を販売手数料としていただきます（1円未満は切り捨て）。

例：${yenJa(example)}で売れた場合、販売手数料は${yenJa(exampleFee)}で、売上金は${yenJa(example - exampleFee)}です。「送料込み」で出品した場合の送料は、出品者のご負担です。

売上金は、取引が完了したときに入ります（購入者の受け取り評価と、出品者の評価のあと。評価がない場合は自動完了のあと）。売上金は銀行振込などで引き出すか、ポイントに交換して使えます。引き出しの手数料は[売上金の振込と手数料](/:lang/help/payout-fees/)をご覧ください。売上金は取引完了から180日以内にお使いください（[売上金の期限](/:lang/help/proceeds-deadline/)）。`,
    },
    en: {
      title: "Selling fees and proceeds",
      summary: `When an item sells, the fee is ${SALES_FEE_RATE_PERCENT}% of the price. Listing and buying are free.`,
      keywords: ["fee", "sales fee", "commission", "proceeds", "how much do I get"],
      body: `Listing is free. When an item sells, we take a sales fee of **${SALES_FEE_RATE_PERCENT}%** of the price (rounded down to the yen).

Example: sold for ${yenEn(example)}, the fee is ${yenEn(exampleFee)} and your proceeds are ${yenEn(example - exampleFee)}. With postage included, the postage is yours to pay.

Proceeds arrive when the sale completes (after the buyer's rating on arrival and yours, or after it completes by itself). You can withdraw them, for example to your bank account, or turn them into points. For withdrawal fees see [Payouts and their fees](/:lang/help/payout-fees/). Use proceeds within 180 days of the sale completing (see [The proceeds deadline](/:lang/help/proceeds-deadline/)).`,
    },
  },
  {
    slug: "prohibited-items",
    section: "selling",
    ja: {
      title: "出品できないもの・禁止されている行為",
      summary: "盗品や偽造品、状態を偽る出品、Tsugu以外での取引への誘導は禁止です。",
      keywords: ["禁止", "禁止事項", "出品禁止", "盗品", "偽物", "ルール", "規約違反"],
      body: `次のものは出品できません。

- 盗品、遺失物、不正に取得した端末
- 偽造品・コピー品、正規品と偽った商品
- 法令で売買が禁じられているもの
- 他人のIMEIや写真を流用するなど、状態を偽った出品

次の行為も禁止です。

- Tsuguを通さずに取引するよう誘うこと（外部の決済やメール・SNSでのやりとりへの誘導を含みます）
- ほかの会員への誹謗中傷、嫌がらせ、なりすまし

違反している出品やコメントは、事務局の判断で非公開にすることがあり、繰り返す場合はアカウントの利用を停止します。判断に納得できないときは、[お問い合わせ](/:lang/mypage/support/)の「処分への異議申し立て」からご連絡ください。ルールの全文は[利用規約](/:lang/terms-of-service/)にあります。`,
    },
    en: {
      title: "What you may not list, and what is not allowed",
      summary:
        "Stolen or counterfeit goods, misleading listings and taking a sale off Tsugu are not allowed.",
      keywords: ["prohibited", "banned", "not allowed", "stolen", "counterfeit", "rules"],
      body: `You may not list:

- stolen or lost devices, or devices obtained unlawfully
- counterfeits or copies, or anything passed off as genuine
- anything the law forbids selling
- a listing that misleads about the item, for example with someone else's IMEI or photos

Also not allowed:

- asking someone to trade outside Tsugu (including paying elsewhere, or moving to mail or social media)
- abusing, harassing or impersonating other members

The office may hide a listing or comment that breaks the rules, and suspends accounts that keep doing so. If you disagree with a decision, use "Appeal a decision" in [Contact support](/:lang/mypage/support/). The full rules are in the [Terms of service](/:lang/terms-of-service/).`,
    },
  },
  {
    slug: "prepare-your-device",
    section: "selling",
    ja: {
      title: "売る前の準備（初期化・ロック解除）",
      summary:
        "データのバックアップと初期化、アクティベーションロックの解除、SIMカードの取り外しをしてから発送します。",
      keywords: ["初期化", "アクティベーションロック", "探す", "データ消去", "SIM", "リセット"],
      body: `フリマで売るときも買取に出すときも、発送の前に次の準備をしてください。

1. **バックアップ**：写真や連絡先などの大切なデータを保存します。
2. **アクティベーションロックの解除**：iPhoneは「探す」をオフにしてApple IDからサインアウト、Androidは端末からGoogleアカウントを削除します。ロックが残っていると、次の持ち主が使えません。
3. **初期化**：設定からすべてのデータを消去します。
4. **SIMカード・microSDの取り外し**：入れたまま送らないでください。

電源が入らない端末でロックの状態がわからない場合は、出品時に「動作未確認」または「使用不可」を選び、その旨を説明に書いてください。

買取では、ロックが残っていた場合にご連絡し、${BUYBACK_RULES.unlockWaitDays}日以内に解除されないときは買取できません。`,
    },
    en: {
      title: "Preparing a device to sell (reset and unlock)",
      summary:
        "Back up and erase it, remove the activation lock and take out the SIM card before you send it.",
      keywords: ["reset", "factory reset", "activation lock", "find my", "erase", "SIM"],
      body: `Whether you sell on the flea market or to our buyback, do this before shipping.

1. **Back up** your photos, contacts and other data.
2. **Remove the activation lock**: on an iPhone turn off Find My and sign out of your Apple ID; on Android remove your Google account from the device. With the lock on, the next owner cannot use it.
3. **Erase** all content and settings.
4. **Take out the SIM and microSD cards.**

If the device does not power on and you cannot tell whether it is locked, list it as unconfirmed or unusable and say so in the description.

For a buyback, we contact you if a lock is still on; if it is not removed within ${BUYBACK_RULES.unlockWaitDays} days we cannot buy the device.`,
    },
  },
  {
    slug: "shipping-methods",
    section: "shipping",
    ja: {
      title: "配送方法と送料",
      summary: `らくらくTsugu便なら、ネコポス${yenJa(COURIER_FEES.nekoposu)}、宅急便コンパクト${yenJa(COURIER_FEES.compact)}、宅急便${yenJa(p[60])}から。宛名書きは不要です。`,
      keywords: ["送料", "配送方法", "らくらくTsugu便", "ネコポス", "宅急便", "送り方", "いくら"],
      body: `**らくらくTsugu便**（おすすめ）は、Tsuguとヤマト運輸の配送サービスです。宛名書きは不要で、お互いの住所を知らせずに送れます。送料は全国一律です。

| 種類 | 送料 |
|---|---|
| ネコポス | ${yenJa(COURIER_FEES.nekoposu)} |
| 宅急便コンパクト | ${yenJa(COURIER_FEES.compact)} |
| 宅急便 60サイズ | ${yenJa(p[60])} |
| 宅急便 80サイズ | ${yenJa(p[80])} |
| 宅急便 100サイズ | ${yenJa(p[100])} |
| 宅急便 120サイズ | ${yenJa(p[120])} |
| 宅急便 140サイズ | ${yenJa(p[140])} |
| 宅急便 160サイズ | ${yenJa(p[160])} |

発送は、集荷、営業所への持ち込み、ファミリーマートへの持ち込み、宅配便ロッカーへの持ち込みから選べます。当日の集荷は${COURIER_PICKUP_CLOSING_HOUR}時までの受付です。ネコポスは集荷を利用できません。らくらくTsugu便で送る商品の価格は${yenJa(MIN_PRICE_WITH_COURIER)}以上です。

ゆうパケット、クリックポスト、レターパックなど、ほかの方法で送ることもできます。その場合は追跡番号のある方法をおすすめします。`,
    },
    en: {
      title: "Shipping methods and postage",
      summary: `With Rakuraku Tsugu: Nekoposu ${yenEn(COURIER_FEES.nekoposu)}, Compact ${yenEn(COURIER_FEES.compact)}, parcels from ${yenEn(p[60])}. No address label to write.`,
      keywords: [
        "postage",
        "shipping cost",
        "shipping method",
        "Rakuraku Tsugu",
        "Nekoposu",
        "courier",
        "how to ship",
      ],
      body: `**Rakuraku Tsugu** (recommended) is Tsugu's delivery service with Yamato Transport. You write no address label, and neither side sees the other's address. The postage is the same anywhere in Japan.

| Kind | Postage |
|---|---|
| Nekoposu | ${yenEn(COURIER_FEES.nekoposu)} |
| TA-Q-BIN Compact | ${yenEn(COURIER_FEES.compact)} |
| TA-Q-BIN size 60 | ${yenEn(p[60])} |
| TA-Q-BIN size 80 | ${yenEn(p[80])} |
| TA-Q-BIN size 100 | ${yenEn(p[100])} |
| TA-Q-BIN size 120 | ${yenEn(p[120])} |
| TA-Q-BIN size 140 | ${yenEn(p[140])} |
| TA-Q-BIN size 160 | ${yenEn(p[160])} |

Hand it over by pickup, at a Yamato office, at a FamilyMart, or in a parcel locker. Same-day pickup can be booked until ${COURIER_PICKUP_CLOSING_HOUR}:00. Nekoposu cannot be picked up. Items shipped with Rakuraku Tsugu must be priced at ${yenEn(MIN_PRICE_WITH_COURIER)} or more.

You may also use other methods such as Yu-Packet, Click Post or Letter Pack; choose one with tracking.`,
    },
  },
  {
    slug: "who-pays-postage",
    section: "shipping",
    ja: {
      title: "送料は誰が払う？（送料込み・着払い）",
      summary: "「送料込み」は出品者、「着払い」は購入者が送料を負担します。商品ページに表示されています。",
      keywords: ["送料", "送料込み", "着払い", "送料負担", "出品者負担", "購入者負担"],
      body: `送料を誰が払うかは、出品者が出品時に選び、商品ページに表示されます。

- **送料込み（出品者負担）**：商品の価格に送料が含まれています。購入者が別に払う送料はありません。
- **着払い（購入者負担）**：購入者が、商品を受け取るときに配送業者へ送料を払います。

購入の前に、商品ページの「配送料の負担」を確認してください。`,
    },
    en: {
      title: "Who pays the postage?",
      summary:
        "With postage included the seller pays; cash on delivery, the buyer pays. The item page says which.",
      keywords: ["postage", "shipping included", "cash on delivery", "who pays shipping"],
      body: `The seller chooses who pays the postage when listing, and the item page shows it.

- **Postage included (paid by the seller)**: the price includes postage; the buyer pays nothing more for it.
- **Paid on arrival (by the buyer)**: the buyer pays the carrier when the parcel is delivered.

Check "Postage" on the item page before you buy.`,
    },
  },
  {
    slug: "shipping-deadline",
    section: "shipping",
    ja: {
      title: "発送の期限と、届かないとき",
      summary:
        "出品者は「発送までの日数」のうちに発送します。発送されないときは、購入者からキャンセルを申請できます。",
      keywords: ["発送", "期限", "届かない", "発送されない", "追跡", "遅い"],
      body: `**出品者の方へ**：商品が売れたら、商品ページの「発送までの日数」（1〜2日、2〜3日、4〜7日）のうちに発送し、取引画面で発送を通知してください。売れてから3日たっても発送がない場合は、お知らせが届きます。

**購入者の方へ**：発送されると通知が届き、取引画面で追跡番号を確認できます。

- 発送の期限を過ぎても発送されない場合は、取引メッセージで出品者に確認してください。返事がない場合は、取引画面から「発送されない」を理由にキャンセルを申請できます。
- 発送後に届かない場合は、追跡番号で配送状況を確認し、出品者に連絡してください。受け取り評価は、商品が届いてからにしてください。

取引は、発送から${AUTO_COMPLETE_DAYS}日たつと、受け取り評価がなくても自動で完了します。届いていない場合は、それまでに[お問い合わせ](/:lang/mypage/support/)からご連絡ください。`,
    },
    en: {
      title: "Shipping deadlines, and when an item does not arrive",
      summary: "The seller ships within the stated lead time. If they do not, the buyer can ask to cancel.",
      keywords: ["ship", "deadline", "not arrived", "not shipped", "tracking", "late"],
      body: `**Sellers**: once an item sells, ship it within the lead time on the item page (1–2, 2–3 or 4–7 days) and mark it shipped on the transaction page. If it has not shipped 3 days after the sale, we remind you.

**Buyers**: you are notified when the item ships, and the transaction page shows its tracking number.

- If the lead time has passed and nothing has shipped, message the seller. If they do not answer, request a cancellation on the transaction page with the reason "not shipped".
- If a shipped item does not arrive, check the tracking and message the seller. Rate the sale only once the item has arrived.

A sale completes by itself ${AUTO_COMPLETE_DAYS} days after shipping even without a rating. If your item has not arrived, contact us through [Contact support](/:lang/mypage/support/) before then.`,
    },
  },
  {
    slug: "packing",
    section: "shipping",
    ja: {
      title: "端末の梱包のしかた",
      summary: "画面を守る緩衝材で包み、箱の中で動かないようにして送ります。",
      keywords: ["梱包", "包み方", "箱", "緩衝材", "プチプチ"],
      body: `スマホやタブレットは、輸送中の衝撃で画面が割れることがあります。次のように梱包してください。

1. 端末の電源を切り、画面側を中心に緩衝材（エアキャップなど）で2重に包みます。
2. 箱または厚みのある封筒に入れ、すき間を緩衝材で埋めて、振っても中で動かないようにします。
3. 水濡れを防ぐため、ビニール袋に入れてから梱包すると安心です。
4. 宅急便では「精密機器」「ワレモノ注意」の扱いを選べます。

ネコポスは厚さ3cmまでです。入らない場合は宅急便コンパクト以上をお選びください。`,
    },
    en: {
      title: "Packing a device",
      summary: "Wrap it to protect the screen, and make sure it cannot move inside the box.",
      keywords: ["packing", "package", "box", "bubble wrap", "wrap"],
      body: `Phones and tablets can crack in transit. Pack them like this.

1. Turn the device off and wrap it twice in bubble wrap, especially the screen side.
2. Put it in a box or a padded envelope and fill the gaps, so it does not move when shaken.
3. A plastic bag inside the packing keeps water out.
4. For TA-Q-BIN you can mark it "precision equipment" and "fragile".

Nekoposu takes parcels up to 3 cm thick; if it does not fit, choose Compact or larger.`,
    },
  },
];
