/**
 * The member's to-do list (要対応) on the home page and my page: one sentence per kind of thing
 * waiting for them, how long it has waited or until when it can be done (decision 020).
 */
export const jaToDo = {
  toDo: {
    title: "要対応",
    label: "あなたの対応が必要なこと",
    lead: "{count}件、あなたの対応を待っています",
    none: "いま対応が必要なことはありません。",
    all: "すべて見る",
    waited: {
      minutes: "{count}分前から",
      hours: "{count}時間前から",
      days: "{count}日前から",
    },
    due: "{date}まで",
    tags: {
      trade: "取引",
      offer: "価格交渉",
      buybackOffer: "買取",
      atmCode: "出金",
      payoutReturned: "出金",
      bankAccountNeeded: "売上金",
      proceedsDeadline: "売上金",
    },
    kinds: {
      trade: {
        ship: "「{title}」を発送してください",
        rate: "「{title}」の取引相手を評価してください",
        answerCancel: "「{title}」のキャンセル申請に回答してください",
      },
      offer: {
        answerOffer: "「{title}」に{amount}の価格提案が届きました。お返事してください",
        answerCounter: "「{title}」の出品者から{amount}の提案が届きました。お返事してください",
        buy: "「{title}」を{amount}でお取り置き中です。期限までに購入手続きをしてください",
      },
      buybackOffer: "{model}の買取価格{amount}が届きました。お売りいただくかどうか、お答えください",
      atmCode: "セブン銀行ATMで{amount}を受け取ってください",
      payoutReturned: {
        FAILED: "出金した{amount}が振り込めず、売上金に戻りました。口座を確かめて、もう一度出金してください",
        EXPIRED: "ATMでの受取期限が切れ、{amount}を売上金に戻しました。もう一度出金してください",
      },
      bankAccountNeeded: "期限を過ぎた売上金{amount}をお振り込みするため、振込先口座を登録してください",
      proceedsDeadline: "売上金{amount}の期限は{date}です。期限までに使うか出金してください",
    },
  },
} as const;
