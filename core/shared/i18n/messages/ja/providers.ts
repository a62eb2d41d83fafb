/** Signing in with LINE, Google and Apple: the buttons, the pages that finish a new account, the linked accounts and their errors. */
export const jaProviders = {
  providers: {
    buttons: {
      or: "または",
      line: "LINEでログイン",
      google: "Googleでログイン",
      apple: "Appleでログイン",
    },
    errors: {
      notEnabled: "このサービスでのログインは現在ご利用いただけません",
      unreachable: "{provider}に接続できませんでした。しばらくしてからもう一度お試しください",
      expired:
        "ログインの確認に失敗しました。有効期限が切れたか、別の画面で始められたログインです。お手数ですが、もう一度はじめからお試しください",
      refused: "{provider}からの応答を確認できませんでした。お手数ですが、もう一度はじめからお試しください",
      cancelled: "{provider}でのログインがキャンセルされました",
      linkedElsewhere: "この{provider}アカウントは、すでに別のTsuguアカウントと連携されています",
      alreadyLinked:
        "すでに別の{provider}アカウントが連携されています。切り替えるには、先に連携を解除してください",
      pendingExpired: "お手続きの有効期限が切れました。お手数ですが、もう一度ログインからお試しください",
      wrongPassword: "パスワードが正しくありません",
      notLinked: "このサービスは連携されていません",
      lastWayIn:
        "ほかにログインする方法がないため、連携を解除できません。先にパスワードを設定するか、ほかのサービスを連携してください",
    },
    mail: {
      code: {
        subject: "【Tsugu】確認コード {code}",
        body: "{provider}アカウントでのログインのための確認コードです。\n\n確認コード: {code}\n\n有効期限は10分です。お心当たりがない場合は、このメールを破棄してください。",
      },
    },
    continue: {
      title: "{provider}でログイン",
      emailLead:
        "{provider}からメールアドレスを受け取れませんでした。Tsuguで使うメールアドレスを入力してください。確認コードをお送りします。",
      email: "メールアドレス",
      sendCode: "確認コードを送る",
      codeLead: "{email} に確認コードを送りました。メールに記載された6桁のコードを入力してください。",
      code: "確認コード",
      verify: "確認する",
      resend: "確認コードを再送する",
      existsTitle: "すでにアカウントがあります",
      existsLead:
        "{email} はすでにTsuguに登録されています。ご本人であることを確認できたら、{provider}アカウントを連携してログインします。",
      password: "Tsuguのパスワード",
      byPassword: "パスワードで確認する",
      byCode: "パスワードがわからない場合は、このアドレスに確認コードを送って確認できます。",
      nicknameLead:
        "{email} で新しくアカウントを作成します。ほかの会員に表示されるニックネームを決めてください。",
      nickname: "ニックネーム",
      create: "登録してはじめる",
      codeSent: "確認コードを送りました。有効期限は10分です。",
      back: "ログイン画面に戻る",
    },
    linked: {
      title: "外部サービス連携",
      menu: "外部サービス連携",
      lead: "連携したサービスのアカウントで、Tsuguにログインできます。",
      linkedAt: "{date}に連携",
      linkWith: "{provider}と連携する",
      unlink: "連携を解除",
      none: "連携しているサービスはありません。",
      linkedDone: "アカウントを連携しました",
      unlinkedDone: "連携を解除しました",
      notLinked: "未連携",
    },
  },
};
