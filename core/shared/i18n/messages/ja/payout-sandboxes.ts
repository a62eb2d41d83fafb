/** The payout sandboxes' words: the ATM that pays out お受取番号, and transfers they refuse (decision 020). */
export const jaPayoutSandboxes = {
  payoutSandbox: {
    errors: {
      atmAmount: "ATMでお受け取りできるのは{unit, number}円単位の金額です",
      atmReceiptFormat: "お受取番号は10桁の数字で入力してください",
      atmConfirmationFormat: "確認番号は4桁の数字で入力してください",
      atmWrongNumbers: "お受取番号または確認番号が正しくありません",
      atmUsed: "このお受取番号はすでに使われています",
      atmExpired: "このお受取番号は有効期限が切れています",
      atmCancelled: "このお受取番号は取り消されています",
      walletAmount: "送金額は1円以上{max, number}円以下の整数で指定してください",
    },
  },
  sandboxAtm: {
    title: "セブン銀行ATM（サンドボックス）",
    lead: "開発・テスト用に、セブン銀行ATMの代わりをする画面です。出金の申請で表示されたお受取番号と確認番号を入力すると、現金を受け取ったことになります。",
    receipt: "お受取番号",
    receiptHint: "10桁の数字",
    confirmation: "確認番号",
    confirmationHint: "4桁の数字",
    submit: "現金を受け取る",
    dispensed: "{amount}をお受け取りください",
    dispensedNote: "このお受取番号は使用済みになりました。",
    language: "English",
    expire: "受け取らずに期限切れにする（テスト用）",
    expired: "{amount}のお受取番号を期限切れにしました",
    expiredNote: "受け取られなかった金額と手数料は、出金を申請した人の売上金に戻ります。",
  },
} as const;
