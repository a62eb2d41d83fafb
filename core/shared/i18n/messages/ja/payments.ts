/** The payments' words: card details refused, webhook signatures, payment steps not allowed now (decision 020). */
export const jaPayments = {
  payments: {
    card: {
      numberRequired: "カード番号を入力してください",
      numberDigits: "カード番号は数字で入力してください",
      numberLength: "{brand}のカード番号は{length}桁です（入力は{typed, number}桁）",
      numberLengthAny: "カード番号の桁数が正しくありません（入力は{typed, number}桁）",
      numberInvalid: "カード番号が正しくありません。カードに書かれた番号を確かめてください",
      expiryRequired: "有効期限を入力してください",
      expiryFormat: "有効期限はカードの表記どおり「月/年」で入力してください（例: 08/29）",
      expiryMonth: "有効期限の月は01〜12で入力してください",
      expired: "このカードは有効期限が切れています",
      cvcRequired: "セキュリティコードを入力してください",
      cvcLength: "セキュリティコードはカード裏面の{length, number}桁の数字です",
      cvcLengthFront: "セキュリティコードはカード表面の{length, number}桁の数字です",
    },
    errors: {
      invalidCard: "カード情報を正しく入力してください",
      invalidSignature: "署名が正しくありません",
      replayedEvent: "この通知はすでに受け取っています",
      notNow: "この支払いは、いまその操作ができません",
    },
  },
};
