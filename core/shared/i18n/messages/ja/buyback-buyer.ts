/** The buyer portal's words: log-in by emailed code, sign-up from an invitation, account settings. */
export const jaBuybackBuyer = {
  buybackBuyer: {
    layout: {
      navLabel: "バイヤーメニュー",
      nav: {
        deliveries: "納品一覧",
        products: "商品一覧",
        bids: "入札価格一覧",
        account: "アカウント設定",
      },
    },
    fields: {
      name: "ユーザー名",
      companyName: "会社名",
    },
    errors: {
      invitationClosed: "この招待リンクは使えなくなりました。担当者に招待の再送信を依頼してください",
      signupNotStarted: "確認コードの有効期限が切れました。お名前の入力からやり直してください",
    },
    flash: {
      loggedIn: "ログインしました",
      loggedOut: "ログアウトしました",
      saved: "アカウント設定を保存しました",
      setupDone: "アカウントの設定が完了しました",
      emailChanged: "メールアドレスを変更しました",
      registered: "登録が完了しました。アカウント設定を確認してください",
    },
    login: {
      title: "法人バイヤーログイン",
      lead: "買取サービスの法人バイヤー専用のログインです。ご登録のメールアドレスに届く確認コードでログインします。",
      email: "メールアドレス",
      sendCode: "コードを送信",
      resendCode: "コードを再送信",
      codeSent:
        "ご登録のメールアドレスであれば、{email} 宛てに6桁の確認コードを送信しました。有効期限は10分です。",
      code: "確認コード",
      codeHint: "メールに記載の6桁の数字",
      keep: "ログインしたままにする",
      submit: "ログイン",
      agreement:
        "ログインすると、<terms>利用規約</terms>と<privacy>プライバシーポリシー</privacy>に同意したものとみなされます。",
      subsidy: "ものづくり補助金の補助事業以外でのご利用は禁止しています。",
      apply: "法人バイヤーとしての登録を申し込む",
      members: "個人のお客様のログインはこちら",
    },
    signup: {
      title: "法人バイヤー登録",
      invited: "{companyName} のバイヤーとして招待されています。",
      company: "会社名",
      email: "メールアドレス",
      nameHint: "バイヤーポータルに表示されるお名前です（40文字以内）",
      sendCode: "確認コードを送信",
      codeTitle: "確認コードを入力",
      codeSent: "{email} に6桁の確認コードを送りました。有効期限は10分です。",
      code: "確認コード",
      verify: "登録する",
      restart: "お名前の入力に戻る",
      invalid: {
        title: "招待リンクが見つかりません",
        body: "リンクが正しくないか、招待が取り消されました。メールのリンクをもう一度開くか、担当者にお問い合わせください。",
      },
      expired: {
        title: "招待リンクの有効期限が切れています",
        body: "招待リンクの有効期限は7日間です。担当者に招待の再送信を依頼してください。",
      },
      used: {
        title: "この招待リンクは使用済みです",
        body: "このリンクからの登録はすでに完了しています。登録したメールアドレスでログインしてください。",
        login: "ログインへ",
      },
    },
    account: {
      title: "アカウント設定",
      setupTitle: "アカウントの初期設定",
      setupLead: "はじめに、会社名・ユーザー名・メールアドレスを確認して保存してください。",
      email: "メールアドレス",
      emailHint: "変更すると、新しいメールアドレスに確認コードを送ります。",
      save: "保存する",
      codeTitle: "新しいメールアドレスの確認",
      codeSent: "{email} に6桁の確認コードを送りました。コードを入力すると、メールアドレスが変わります。",
      code: "確認コード",
      verify: "変更する",
      cancel: "メールアドレスの変更をやめる",
    },
    mail: {
      loginCode: {
        subject: "【Tsugu 買取】ログイン確認コード {code}",
        body: "法人バイヤーポータルへのログイン確認コードです。\n\n確認コード: {code}\n\n有効期限は10分です。ログインの画面にこのコードを入力してください。\nお心当たりのない場合は、このメールを破棄してください。",
      },
      signupCode: {
        subject: "【Tsugu 買取】確認コード {code}",
        body: "{companyName} の法人バイヤー登録の確認コードです。\n\n確認コード: {code}\n\n有効期限は10分です。登録の画面にこのコードを入力してください。",
      },
      invitation: {
        subject: "【Tsugu 買取】{companyName} の法人バイヤーへの招待",
        body: "Tsugu 買取サービスの法人バイヤーとして、{companyName} に招待されました。\n次のリンクを開いて登録してください。\n{link}\n\nリンクの有効期限: {expiresAt}（一度だけ使えます）",
      },
    },
  },
};
