/** What each kind of failure says when the core gives no more precise sentence (`AppError` codes). */
export const jaAppErrors = {
  appErrors: {
    BAD_REQUEST: "リクエストの内容が正しくありません",
    VALIDATION: "入力内容をご確認ください",
    UNAUTHORIZED: "ログインしてください",
    PAYMENT_FAILED: "お支払いができませんでした。別のお支払い方法をお試しください",
    FORBIDDEN: "この操作は許可されていません",
    NOT_FOUND: "見つかりませんでした",
    CONFLICT: "すでに処理されています",
    RATE_LIMITED: "しばらく時間をおいてから、もう一度お試しください",
    UNSUPPORTED_MEDIA_TYPE: "この形式のファイルは使えません",
    PAYLOAD_TOO_LARGE: "ファイルが大きすぎます",
    HEADERS_TOO_LARGE: "リクエストのヘッダーが大きすぎます",
    UNAVAILABLE:
      "ただいま混み合っているか、外部サービスに接続できません。しばらくしてからもう一度お試しください",
  },
};
