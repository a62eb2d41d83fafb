/** The trading's words: buying and transaction errors, field labels and the action-needed mails (decision 020). */
export const jaTrading = {
  trading: {
    errors: {
      soldOut: "この商品は売り切れました",
      ownItem: "ご自身の商品は購入できません",
      noAddress: "配送先住所を登録してから購入してください",
      keyReused: "この購入手続きはすでに別の内容で受け付けています。画面を読み込み直してください",
      inProgress: "購入手続きを処理中です。しばらくしてからご確認ください",
      declined: "カードが承認されませんでした。別のカードをお試しください",
      secureFailed: "3Dセキュア認証ができなかったため、購入を取り消しました",
      secureExpired: "3Dセキュア認証の有効期限が切れたため、購入を取り消しました",
      notEnoughPoints: "ポイントが足りません",
      cardRequired: "お支払いに使うカードを選んでください",
      notFound: "取引が見つかりませんでした",
      notNow: "この取引では、いまその操作はできません",
      notYourStep: "この操作は取引の相手が行います",
      messagesClosed: "終了した取引にはメッセージを送れません",
      idempotencyKeyInvalid: "Idempotency-Key は英数字と _ . : - で8〜200文字にしてください",
      idempotencyKeyMissing: "Idempotency-Key ヘッダーを付けてください",
      pickupRequired: "集荷希望日と時間帯を選んでください",
      sizeRequired: "宅急便のサイズを選んでください",
      courierMaintenance:
        "配送業者のシステムメンテナンス中です（毎月1日 3:00〜5:00）。時間をおいてお試しください",
    },
    fields: {
      paymentMethod: "お支払い方法",
      cardToken: "カード",
      savedCardId: "登録済みのカード",
      idempotencyKey: "Idempotency-Key",
      rating: "評価",
      comment: "コメント",
      message: "メッセージ",
      step: "操作",
      hold: "保留",
      invoiceKind: "送り状の種類",
      parcelSize: "サイズ",
      shippingType: "発送方法",
      pickupDate: "集荷希望日",
      pickupSlot: "集荷希望時間帯",
      packaging: "梱包",
      handlingNotes: "取扱注意",
      trackingNumber: "追跡番号",
    },
    mail: {
      sold: {
        subject: "【Tsugu】「{title}」が購入されました",
        body: "「{title}」が購入されました。取引画面から発送の手続きをしてください。",
      },
      shipped: {
        subject: "【Tsugu】「{title}」が発送されました",
        body: "「{title}」が発送されました。商品が届いたら、取引画面から受取評価をしてください。",
      },
      shipReminder: {
        subject: "【Tsugu】「{title}」の発送をお願いします",
        body: "「{title}」がまだ発送されていません。取引画面から発送の手続きをしてください。",
      },
      rateReminder: {
        subject: "【Tsugu】「{title}」の受取評価をお願いします",
        body: "「{title}」が届いたら、取引画面から受取評価をしてください。",
      },
      cancelRequested: {
        subject: "【Tsugu】「{title}」の取引でキャンセルが申請されました",
        body: "「{title}」の取引でキャンセルが申請されました。取引画面から、同意するか取引を続けるかを選んでください。",
      },
    },
  },
};
