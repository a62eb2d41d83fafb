/** What the buying flow tells people, in both languages. */
export const TRADE_MESSAGES = {
  soldOut: { ja: "この商品は売り切れました", en: "This item is sold out" },
  ownItem: { ja: "ご自身の商品は購入できません", en: "You cannot buy your own item" },
  noAddress: {
    ja: "配送先住所を登録してから購入してください",
    en: "Register a delivery address before buying",
  },
  keyReused: {
    ja: "この購入手続きはすでに別の内容で受け付けています。画面を読み込み直してください",
    en: "This purchase was already submitted with different details. Please reload the page",
  },
  inProgress: {
    ja: "購入手続きを処理中です。しばらくしてからご確認ください",
    en: "Your purchase is still being processed. Please check again shortly",
  },
  declined: {
    ja: "カードが承認されませんでした。別のカードをお試しください",
    en: "The card was declined. Please try another card",
  },
  secureFailed: {
    ja: "3Dセキュア認証ができなかったため、購入を取り消しました",
    en: "3-D Secure authentication did not succeed, so the purchase was canceled",
  },
  secureExpired: {
    ja: "3Dセキュア認証の有効期限が切れたため、購入を取り消しました",
    en: "3-D Secure authentication timed out, so the purchase was canceled",
  },
  notEnoughPoints: { ja: "ポイントが足りません", en: "You do not have enough points" },
  cardRequired: { ja: "お支払いに使うカードを選んでください", en: "Choose a card to pay with" },
  notFound: { ja: "取引が見つかりませんでした", en: "Transaction not found" },
};
