/**
 * The payment vouchers' words (konbini and Pay-easy): amounts a provider refuses, vouchers that can no
 * longer be paid, and the voucher sandbox's page, which stands for the provider's how-to-pay page
 * (decision 020).
 */
export const jaVouchers = {
  vouchers: {
    errors: {
      cvsAmount: "コンビニ払いでお支払いいただける金額は1円から{max, number}円までです",
      payeasyAmount: "Pay-easyでお支払いいただける金額は1円から{max, number}円までです",
      expired: "このお支払い番号は支払期限を過ぎています",
      cancelled: "このお支払い番号は取り消されています",
    },
    sandbox: {
      title: "お支払い方法のご案内（サンドボックス）",
      lead: "開発・テスト用に、決済代行会社のお支払い案内ページの代わりをする画面です。実際のお金は動きません。ボタンで、店頭やATMで支払ったこと、または支払期限が過ぎたことにできます。",
      language: "English",
      cvsAt: "コンビニ払い（{store}）",
      payeasy: "Pay-easy（ペイジー）",
      store: "お支払い先",
      amount: "お支払い金額",
      deadline: "お支払い期限",
      status: "状態",
      statuses: {
        pending: "お支払い待ち",
        paid: "お支払い済み",
        expired: "期限切れ",
        cancelled: "取り消し済み",
      },
      loppiCode: "お支払い受付番号",
      loppiPhone: "電話番号（確認番号）",
      famiportSecond: "第2番号（注文番号）",
      famiportFirst: "第1番号（企業コード）",
      customerNumber: "お客様番号",
      institutionNumber: "収納機関番号",
      confirmationNumber: "確認番号",
      howToCvs:
        "店内の端末（ローソン・ミニストップはLoppi、ファミリーマートはマルチコピー機）に番号を入力し、出てきた申込券を持って30分以内にレジでお支払いください。セイコーマートはレジで番号をお伝えください。",
      howToPayeasy: "Pay-easyマークのあるATMやネットバンキングで、3つの番号を入力してお支払いください。",
      pay: "支払う (サンドボックス)",
      expire: "期限切れにする",
      paidAt: "お支払い日時",
      closed: "このお支払い番号は、もうお支払いに使えません。",
    },
  },
} as const;
