/** Filled in by the buyback pages. */
export const jaBuybackBuyer = {
  buybackBuyer: {
    layout: {
      navLabel: "バイヤーメニュー",
      signedInAs: "{name} さん",
      logout: "ログアウト",
      nav: {
        deliveries: "納品一覧",
        products: "商品一覧",
        bids: "入札価格一覧",
        account: "アカウント設定",
      },
    },
  },
};
