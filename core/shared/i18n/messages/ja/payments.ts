/** The payments' words: card details refused, webhook signatures, payment steps not allowed now (decision 020). */
export const jaPayments = {
  payments: {
    errors: {
      invalidCard: "カード情報を正しく入力してください",
      cardExpired: "カードの有効期限が切れています",
      invalidSignature: "署名が正しくありません",
      notNow: "この支払いは、いまその操作ができません",
    },
  },
};
