import { PAYOUT_FEES } from "../../money/balance/fees.ts";
import { BALANCE_LIMITS } from "../../money/balance/limits.ts";
import { type HelpArticle, yenEn, yenJa } from "../article.ts";

const L = BALANCE_LIMITS;
const F = PAYOUT_FEES;

/** The balance: points and proceeds, the 180-day deadline, payouts and their fees, buying points. */
export const BALANCE_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "points-and-proceeds",
    section: "balance",
    ja: {
      title: "ポイントと売上金のちがい",
      summary:
        "売上金は引き出せるお金、ポイントはTsuguでのお買い物に使うものです。ポイントは現金に戻せません。",
      keywords: ["ポイント", "売上金", "残高", "違い", "無料ポイント", "有効期限"],
      body: `[残高](/:lang/balance/)には、次の3つがあります。

- **売上金**：商品が売れたときや買取を承諾したときに入るお金です。銀行振込などで引き出せるほか、ポイントに交換できます。取引完了から${L.proceedsKeepDays}日が期限です（[売上金の期限](/:lang/help/proceeds-deadline/)）。
- **ポイント（購入分）**：カード・コンビニ・Pay-easyで購入したポイントや、売上金から交換したポイントです。Tsuguでのお買い物に1ポイント1円として使えます。現金や売上金には戻せません。
- **無料ポイント**：キャンペーンなどでお渡しするポイントです。付与から${L.freePointsDays}日で失効します。`,
    },
    en: {
      title: "Points and proceeds: the difference",
      summary:
        "Proceeds are money you can withdraw; points are for shopping on Tsugu and cannot be turned back into money.",
      keywords: ["points", "proceeds", "balance", "difference", "free points", "expiry"],
      body: `Your [balance](/:lang/balance/) holds three things.

- **Proceeds**: money from items you sold and buybacks you accepted. Withdraw them, for example to your bank, or turn them into points. They must be used within ${L.proceedsKeepDays} days of the sale completing (see [The proceeds deadline](/:lang/help/proceeds-deadline/)).
- **Points (bought)**: points bought by card, at a convenience store or by Pay-easy, or turned from proceeds. Spend them on Tsugu at 1 point = ¥1. They cannot be turned back into money or proceeds.
- **Free points**: points given in promotions. They expire ${L.freePointsDays} days after they are given.`,
    },
  },
  {
    slug: "proceeds-deadline",
    section: "balance",
    ja: {
      title: "売上金の期限（180日）",
      summary: `売上金は取引完了から${L.proceedsKeepDays}日以内にお使いください。期限の${L.reminderDays.join("・")}日前にお知らせし、期限には登録口座へ振り込みます。`,
      keywords: ["売上金", "期限", "180日", "有効期限", "失効", "自動振込"],
      body: `売上金は、入った日（取引完了や買取の承諾の日）から**${L.proceedsKeepDays}日以内**に、引き出すかポイントに交換してください。売上金ごとに期限があり、古いものから使われます。

- 期限の**${L.reminderDays.join("日前・")}日前**に、お知らせとメールでご案内します。
- 期限が来た売上金は、登録した銀行口座へ自動で振り込みます。このとき振込手数料${yenJa(F.bank)}を差し引きます。
- 金額が振込手数料以下のときは、振り込まずにポイント（購入分）に交換します。
- 口座が登録されていない場合は、売上金が失われることはなく、お知らせのうえ口座の登録をお待ちします。

本人確認の書類を事務局が確認している間は、期限の進みが止まり、確認が終わるとその日数だけ期限が延びます。期限ごとの金額は[残高](/:lang/balance/)で確認できます。`,
    },
    en: {
      title: "The proceeds deadline (180 days)",
      summary: `Use proceeds within ${L.proceedsKeepDays} days of receiving them. We remind you ${L.reminderDays.join(", ")} days ahead, and at the deadline pay them to your registered bank account.`,
      keywords: ["proceeds", "deadline", "180 days", "expiry", "expire", "automatic payout"],
      body: `Withdraw your proceeds or turn them into points **within ${L.proceedsKeepDays} days** of receiving them (the day the sale completed or you accepted a buyback). Each amount has its own deadline, and the oldest is used first.

- We remind you by notice and mail **${L.reminderDays.join(", ")} days** before a deadline.
- Proceeds that reach their deadline are paid to your registered bank account automatically, less the ${yenEn(F.bank)} transfer fee.
- An amount no larger than the fee is turned into (bought) points instead.
- With no bank account registered, nothing is lost: we tell you and wait for you to add one.

While the office is reviewing your identity documents, the clock stops, and the deadlines move on by that many days once the review ends. Your [balance](/:lang/balance/) shows each deadline and amount.`,
    },
  },
  {
    slug: "payout-fees",
    section: "balance",
    ja: {
      title: "売上金の振込と手数料",
      summary: `銀行振込は手数料${yenJa(F.bank)}、セブン銀行ATMでの受け取りは${yenJa(F.seven)}、Kyashへの送金は無料です。`,
      keywords: ["振込", "振込手数料", "出金", "引き出し", "手数料", "セブン銀行", "Kyash", "銀行口座"],
      body: `売上金は、次の3つの方法で引き出せます。

| 方法 | 手数料 | 1回の上限 |
|---|---|---|
| 銀行口座への振込 | ${yenJa(F.bank)} | ${yenJa(L.payout.bank.max)} |
| セブン銀行ATMで現金受け取り | ${yenJa(F.seven)} | ${yenJa(L.payout.seven.max)}（${yenJa(L.payout.seven.step)}単位） |
| Kyashへの送金 | 無料 | ${yenJa(L.payout.kyash.max)} |

- 手数料は申請額から差し引きます。1日に申請できるのは合計${yenJa(L.payoutPerDay)}までです。
- 銀行振込は、[振込先口座](/:lang/settings/bank-account/)に登録した口座へ振り込みます。口座名義は登録したお名前と同じにしてください。
- セブン銀行ATMでは、申請後に表示される番号を使って、${L.atmCodeHours}時間以内に受け取ってください。
- ${yenJa(L.approvalThreshold)}を超える申請は、事務局の確認のため、お振り込みまでお時間をいただきます。

[残高](/:lang/balance/)の「売上金を引き出す」から申請できます。`,
    },
    en: {
      title: "Payouts and their fees",
      summary: `A bank transfer costs ${yenEn(F.bank)}, cash at a Seven Bank ATM ${yenEn(F.seven)}, and sending to Kyash is free.`,
      keywords: [
        "payout",
        "payout fee",
        "transfer fee",
        "withdraw",
        "withdrawal",
        "cash out",
        "Seven Bank",
        "Kyash",
        "bank account",
      ],
      body: `You can withdraw proceeds in three ways.

| Way | Fee | Most per request |
|---|---|---|
| Transfer to your bank account | ${yenEn(F.bank)} | ${yenEn(L.payout.bank.max)} |
| Cash at a Seven Bank ATM | ${yenEn(F.seven)} | ${yenEn(L.payout.seven.max)} (in ${yenEn(L.payout.seven.step)} steps) |
| Send to Kyash | free | ${yenEn(L.payout.kyash.max)} |

- The fee is taken from the amount you ask for. Requests total at most ${yenEn(L.payoutPerDay)} a day.
- Bank transfers go to the account in [bank account settings](/:lang/settings/bank-account/); its holder must be you, by the name you registered.
- At a Seven Bank ATM, use the number shown after your request within ${L.atmCodeHours} hours.
- Requests above ${yenEn(L.approvalThreshold)} are checked by the office first, so they take longer.

Request a payout from your [balance](/:lang/balance/).`,
    },
  },
  {
    slug: "buy-points",
    section: "balance",
    ja: {
      title: "ポイントを購入する・売上金をポイントにする",
      summary: `ポイントはカード・コンビニ・Pay-easyで${yenJa(L.topUp.card.min)}から購入できます。売上金からは手数料なしで交換できます。`,
      keywords: ["ポイント購入", "チャージ", "コンビニ払い", "ペイジー", "売上金", "交換"],
      body: `**ポイントを購入する**：[残高](/:lang/balance/)の「ポイントを購入する」から。

- クレジットカード：${yenJa(L.topUp.card.min)}〜${yenJa(L.topUp.card.max)}。すぐに使えます。
- コンビニ払い：${yenJa(L.topUp.cvs.min)}〜${yenJa(L.topUp.cvs.max)}。表示された番号で、${L.voucherDays}日以内にお支払いください。
- Pay-easy（ペイジー）：${yenJa(L.topUp.payeasy.min)}〜${yenJa(L.topUp.payeasy.max)}。ネットバンキングや銀行ATMで、${L.voucherDays}日以内にお支払いください。

支払いが確認できると、ポイントが残高に入ります。

**売上金をポイントにする**：売上金1円を1ポイントとして、手数料なしで交換できます。交換したポイントは売上金に戻せません。`,
    },
    en: {
      title: "Buying points, and turning proceeds into points",
      summary: `Buy points by card, at a convenience store or by Pay-easy, from ${yenEn(L.topUp.card.min)}. Proceeds turn into points without a fee.`,
      keywords: ["buy points", "top up", "convenience store", "Pay-easy", "proceeds", "exchange"],
      body: `**Buy points** from your [balance](/:lang/balance/).

- Credit card: ${yenEn(L.topUp.card.min)} to ${yenEn(L.topUp.card.max)}, usable at once.
- Convenience store: ${yenEn(L.topUp.cvs.min)} to ${yenEn(L.topUp.cvs.max)}. Pay with the number shown within ${L.voucherDays} days.
- Pay-easy: ${yenEn(L.topUp.payeasy.min)} to ${yenEn(L.topUp.payeasy.max)}, by online banking or a bank ATM, within ${L.voucherDays} days.

The points reach your balance once the payment is confirmed.

**Turn proceeds into points**: ¥1 of proceeds makes 1 point, with no fee. Points cannot be turned back into proceeds.`,
    },
  },
];
