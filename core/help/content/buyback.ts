import { BUYBACK_RULES, DEDUCTION_PERCENT } from "../../buyback/rules.ts";
import { type HelpArticle, yenEn, yenJa } from "../article.ts";

const R = BUYBACK_RULES;
const D = DEDUCTION_PERCENT;

/** The buyback: its steps, how the price is set, the identity check, and an offer's answer. */
export const BUYBACK_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "buyback-steps",
    section: "buyback",
    ja: {
      title: "買取の流れ",
      summary: `申し込み、端末の発送、査定、査定額の提示、承諾の順に進みます。送料は無料で、査定額は${R.offerDays}日間検討できます。`,
      keywords: ["買取", "買い取り", "流れ", "申し込み", "査定", "手順"],
      body: `Tsugu 買取は、法人バイヤーの入札価格で端末を買い取るサービスです。

1. **申し込む**：[買取の申し込み](/:lang/buyback/application/)で機種と状態を選ぶと、いまの入札価格から見積もりが出ます。1回で${R.maxDevicesPerApplication}台まで申し込めます。
2. **端末を送る**：配送キットに入れて送るか、集荷を利用します。送料は無料です。申し込みから${R.shipWithinDays}日以内に発送してください。期限までに届かない場合、申し込みは終了します。
3. **査定**：査定スタッフがIMEI、ネットワーク利用制限、バッテリー、アクティベーションロックなどを点検し、S・A・B・C・Jのグレードを付けます。
4. **査定額の提示**：グレードと不具合に合う最高値の入札をもとに査定額を提示します。減額がある場合は内訳を表示します。
5. **承諾またはお断り**：提示から${R.offerDays}日以内にご回答ください。回答がないまま承諾になることはなく、期限を過ぎるとお断りとして端末を無料で返送します。
6. **売上金へ**：承諾すると、査定額がすぐに売上金に入ります。

発送の前に[初期化とロックの解除](/:lang/help/prepare-your-device/)をお願いします。`,
    },
    en: {
      title: "How the buyback works",
      summary: `Apply, send the device, it is graded, you get an offer, and you accept or decline. Shipping is free and offers stand for ${R.offerDays} days.`,
      keywords: ["buyback", "trade in", "sell to Tsugu", "steps", "apply", "assessment"],
      body: `Tsugu Buyback buys your device at the price business buyers bid for it.

1. **Apply**: on the [buyback application](/:lang/buyback/application/), choose the model and condition to see a quote from today's bids. Up to ${R.maxDevicesPerApplication} devices per application.
2. **Send the device**: in the shipping kit, or by pickup. Shipping is free. Send it within ${R.shipWithinDays} days of applying; if it has not arrived by then, the application ends.
3. **Assessment**: our graders check the IMEI, network restriction, battery, activation lock and more, and give a grade: S, A, B, C or J.
4. **Offer**: the highest bid for that grade and those defects sets the offer, with any deductions listed one by one.
5. **Accept or decline** within ${R.offerDays} days. Silence never accepts an offer: after the deadline it counts as declined and the device is returned free.
6. **Proceeds**: once you accept, the amount goes to your proceeds at once.

Before shipping, [reset and unlock the device](/:lang/help/prepare-your-device/).`,
    },
  },
  {
    slug: "buyback-price",
    section: "buyback",
    ja: {
      title: "買取価格の決まり方と減額",
      summary: `最も高い入札が基準額です。2つめ以降の不具合、ネットワーク利用制限△、非純正部品はそれぞれ${D.extra_defect}%減額します。`,
      keywords: ["買取価格", "査定額", "減額", "入札", "グレード", "相場"],
      body: `登録された法人バイヤー（リユース・修理の事業者）が、機種・グレード・不具合ごとに買取価格を入札しています。査定で決まったグレードと最も重い不具合に対する入札のうち、**最も高い価格が基準額**です。同じ価格なら、先に価格を付けたバイヤーが優先されます。

次の場合は、基準額からそれぞれの割合を差し引きます。

- 2つめ以降の不具合：1つにつき${D.extra_defect}%
- ネットワーク利用制限が△（分割支払い中など）：${D.network_pending}%
- 非純正部品が使われている：${D.non_genuine_parts}%

減額の内訳は査定結果にすべて表示します。いまの価格は[買取価格の一覧](/:lang/buyback/)で調べられます。入札は日々変わるため、査定額が申し込み時の見積もりと異なることがあります。`,
    },
    en: {
      title: "How buyback prices are set, and deductions",
      summary: `The highest bid sets the base price. A second or further defect, network status △ and non-genuine parts each take ${D.extra_defect}% off.`,
      keywords: ["buyback price", "offer", "deduction", "bid", "grade", "quote"],
      body: `Registered business buyers (resellers and repairers) bid a price for each model, grade and defect. Of the bids for the grade and the most serious defect found, **the highest is the base price**. Between equal bids, the earlier one wins.

These take a share off the base price:

- each defect after the first: ${D.extra_defect}%
- network restriction △ (still being paid off, for example): ${D.network_pending}%
- non-genuine parts: ${D.non_genuine_parts}%

The assessment lists every deduction. See today's prices on the [buyback price list](/:lang/buyback/). Bids change daily, so an offer may differ from the quote you saw when applying.`,
    },
  },
  {
    slug: "buyback-identity-check",
    section: "buyback",
    ja: {
      title: "買取の本人確認",
      summary: `買取額の合計が${yenJa(R.identityExemptBelow)}以上のときは、承諾の前にオンラインで本人確認をします。${R.minimumAge}歳未満の方からは買い取れません。`,
      keywords: ["本人確認", "eKYC", "身分証", "古物営業法", "年齢", "買取"],
      body: `古物営業法にもとづき、Tsuguは端末を買い取る前にお客さまの**氏名・住所・職業・年齢**を確認します。

- 買取額の合計が**${yenJa(R.identityExemptBelow)}以上**のとき（家庭用ゲーム機のソフトなど、法律で金額にかかわらず確認が必要な品目は常に）、承諾の前に本人確認が必要です。
- 本人確認は、[本人確認の設定](/:lang/settings/identification/)から、本人確認書類と顔の撮影でオンラインで行います（eKYC）。一度確認が済めば、次回からは不要です。
- ${R.minimumAge}歳未満の方からは買い取れません。

確認した内容と買い取った端末（日付・品目・IMEI）は、法律にしたがって古物台帳に${R.ledgerKeepYears}年間記録します。`,
    },
    en: {
      title: "The identity check for a buyback",
      summary: `When the buyback totals ${yenEn(R.identityExemptBelow)} or more, we check your identity online before you accept. We cannot buy from anyone under ${R.minimumAge}.`,
      keywords: ["identity check", "eKYC", "ID", "Secondhand Articles Dealer Act", "age", "buyback"],
      body: `Under the Secondhand Articles Dealer Act, Tsugu checks your **name, address, occupation and age** before buying a device from you.

- When the buyback totals **${yenEn(R.identityExemptBelow)} or more** (and always for goods the law lists, such as video game software), you check your identity before accepting.
- Check it online in [identity settings](/:lang/settings/identification/), with an ID document and a photo of your face (eKYC). Once checked, you do not need to do it again.
- We cannot buy from anyone under ${R.minimumAge}.

As the law requires, we record what we checked and the device (date, item, IMEI) in our dealer ledger for ${R.ledgerKeepYears} years.`,
    },
  },
  {
    slug: "buyback-decline-and-return",
    section: "buyback",
    ja: {
      title: "査定額を断る・買取できない端末",
      summary:
        "査定額はお断りでき、端末は無料で返送します。盗難届のある端末やロックが解除されない端末は買い取れません。",
      keywords: ["お断り", "返送", "キャンセル", "買取できない", "盗難", "返却"],
      body: `**お断りするとき**：査定結果の画面で「お断りする」を選びます。端末は当社負担の送料でご返送します。提示から${R.offerDays}日以内に回答がない場合もお断りとして扱い、返送します。

**買い取れない端末**

- 盗難・紛失の届出がある端末（警察への届出のためにお預かりすることがあります）
- 正規品ではない端末
- アクティベーションロックが、ご連絡から${R.unlockWaitDays}日以内に解除されない端末
- ${R.minimumAge}歳未満の方からの買取

承諾したあとに取り消すことはできません。査定結果をよくご確認のうえ、ご回答ください。`,
    },
    en: {
      title: "Declining an offer, and devices we cannot buy",
      summary:
        "You may decline an offer and we return the device free. We cannot buy reported-stolen devices or devices that stay locked.",
      keywords: ["decline", "return", "cancel buyback", "refused", "stolen", "send back"],
      body: `**Declining**: choose "Decline" on the assessment page. We return the device at our cost. An offer not answered within ${R.offerDays} days also counts as declined, and the device is returned.

**Devices we cannot buy**

- devices reported stolen or lost (we may keep them to report to the police)
- devices that are not genuine
- devices whose activation lock is not removed within ${R.unlockWaitDays} days of our message
- anything from someone under ${R.minimumAge}

An accepted offer cannot be taken back: read the assessment carefully before you answer.`,
    },
  },
];
