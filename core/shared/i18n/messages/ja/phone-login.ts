/** Signing in with a code texted to a verified mobile number: the pages, the SMS and its errors. */
export const jaPhoneLogin = {
  phoneLogin: {
    title: "電話番号でログイン",
    lead: "電話番号認証を済ませた携帯電話の番号に、SMSでログイン用の確認コードを送ります。",
    link: "電話番号でログイン",
    phoneNumber: "携帯電話番号",
    phoneHint: "例: 090-1234-5678",
    send: "確認コードを送る",
    codeTitle: "確認コードを入力",
    codeSent: "{phone} が登録済みの番号であれば、SMSで6桁の確認コードを送りました。有効期限は10分です。",
    code: "確認コード",
    remember: "ログインしたままにする",
    submit: "ログイン",
    changeNumber: "番号を入力し直す・コードを再送する",
    emailLogin: "メールアドレスとパスワードでログイン",
    sms: {
      code: "【Tsugu】ログイン用の確認コード: {code}\n有効期限は10分です。このコードは誰にも教えないでください。",
    },
    errors: {
      operatorUsesPassword:
        "運営スタッフのアカウントは、メールアドレスとパスワード、認証アプリでログインしてください",
    },
  },
};
