/** The trading's words: buying and transaction errors, field labels and the action-needed mails (decision 020). */
export const jaTrading = {
  trading: {
    errors: {
      soldOut: "この商品は売り切れました",
      notForSale: "この商品は出品者が販売を止めているため、現在は購入できません",
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
      courierFeeOverProceeds:
        "この大きさの送料（{fee, number}円）が販売利益（{proceeds, number}円）を上回るため選べません。小さいサイズで送れないときは、この画面から事務局にご相談ください",
      sizeRequired: "宅急便のサイズを選んでください",
      courierMaintenance:
        "配送業者のシステムメンテナンス中です（毎月1日 3:00〜5:00）。時間をおいてお試しください",
      tracking: {
        yamato: "ヤマト運輸の伝票番号は12桁の数字です（例: 1234-5678-9012）",
        japanPost:
          "日本郵便のお問い合わせ番号は11〜13桁の数字です（例: 1234-5678-9012）。国際郵便は EA123456789JP の形です",
        any: "追跡番号は10〜13桁の数字で入力してください（国際郵便は EA123456789JP の形）",
        checkDigit: "追跡番号が正しくありません。伝票の控えと見比べて、番号を確かめてください",
      },
      cancelReasonRequired: "キャンセルの理由を選んでください",
      cancelReasonNotYours: "この理由は選べません。ほかの理由を選んでください",
      dropOffNotExpired: "QRコードはまだ有効です",
      dropOffNone: "この取引には持ち込み用のQRコードがありません",
      pickupSpotNotOffered:
        "この商品は受け取りスポットでは受け取れません（らくらくTsugu便の商品だけが選べます）",
      pickupSpotUnknown:
        "選んだ受け取りスポットが見つかりません。配送先の近くのスポットから選び直してください",
      nekoposuToSpot: "受け取りスポットへはネコポスで送れません。宅急便コンパクトか宅急便を選んでください",
    },
    trackingHints: {
      yamato: "ヤマト運輸の12桁の伝票番号。ハイフンや全角数字のままでも入力できます",
      japanPost: "日本郵便の11〜13桁のお問い合わせ番号。ハイフンや全角数字のままでも入力できます",
      any: "配送業者の伝票番号（10〜13桁）。ハイフンや全角数字のままでも入力できます",
    },
    cancelReasons: {
      ordered_by_mistake: "間違えて購入した",
      not_shipped: "発送予定日を過ぎても発送されない",
      cannot_ship: "商品を発送できなくなった（故障・紛失など）",
      listing_mistake: "出品内容に誤りがあった",
      no_reply: "取引相手から連絡がない",
      agreed: "取引相手と話し合って合意した",
      other: "その他",
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
      cancelReason: "キャンセルの理由",
      cancelNote: "詳しい事情",
      pickupSpotId: "受け取りスポット",
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
      purchased: {
        subject: "【Tsugu】「{title}」のご購入ありがとうございます",
        body: "「{title}」のお支払いが完了しました。\n\n出品者が{leadTime}します（{shipBy}ごろまで）。発送されたら、通知とメールでお知らせします。\n商品が届いたら中身を確かめて、取引画面から受取評価をしてください。受取評価をすると取引が完了します。\n\n取引画面:",
      },
    },
  },
};
