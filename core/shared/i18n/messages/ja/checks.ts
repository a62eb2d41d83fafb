/** The self-check of a device in its own browser, and its signed report. */
export const jaChecks = {
  checks: {
    fields: {
      tests: "チェック結果",
      link: "チェック用のリンク",
      reportId: "動作チェックの結果",
    },
    errors: {
      startedAt: "チェックの開始時刻が正しくありません。もう一度チェックしてください",
      otherDevice:
        "途中から別の端末で続けたチェックです。同じ端末のチェックとしてまとめてよいか確認してください",
      link: "このQRコードは使えません。出品画面でQRコードを表示し直してください",
      linkExpired: "このQRコードの有効期限（1時間）が切れています。出品画面でQRコードを表示し直してください",
      unknown: "この動作チェックの結果は見つかりません",
      tampered: "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
      expired: "この動作チェックの結果は有効期限（30日）が切れています。もう一度チェックしてください",
      onAnotherListing: "この動作チェックの結果は別の出品に使われています",
      notYourListing: "ほかの会員の出品には動作チェックの結果を付けられません",
      notYourReport: "ほかの会員の動作チェックの結果は使えません",
    },
  },
};
