/** The core's words about follows, likes, comments and blocks (`social.*`, decision 020). */
export const jaSocialCore = {
  social: {
    fields: {
      body: "コメント",
      cursor: "ページ",
      limit: "件数",
    },
    membersOnly: "この機能は会員のみご利用いただけます",
    blocked: "この会員の商品やプロフィールには、コメント・いいね！・購入・フォローができません",
    blockSelf: "自分をブロックすることはできません",
    followSelf: "自分をフォローすることはできません",
    followBlocked: "ブロック中の会員はフォローできません。ブロックを解除してからフォローしてください",
    likeOwnItem: "自分の出品にはいいね！できません",
    commentsClosed: "この商品にはコメントできません",
    badCursor: "ページの指定が正しくありません",
  },
};
