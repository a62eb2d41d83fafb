/** The identity context's words: sign-up, log-in and password field labels, their errors, and the account mails. */
export const jaIdentity = {
  identity: {
    fields: {
      email: "メールアドレス",
      password: "パスワード",
      passwordConfirmation: "パスワード（確認）",
      currentPassword: "現在のパスワード",
      code: "確認コード",
      nickname: "ニックネーム",
    },
    errors: {
      currentPasswordWrong: "現在のパスワードが正しくありません",
      invalidCode: "確認コードが正しくありません",
      resendTooSoon: "確認コードを再送できるのは{seconds, number}秒後からです",
      expiredCode: "確認コードの有効期限が切れたか、入力の回数が上限に達しました。もう一度お手続きください",
      invalidLink: "リンクの有効期限が切れているか、すでに使われています。もう一度お手続きください",
      sameEmail: "現在と同じメールアドレスです",
      signupNotVerified:
        "メールアドレスの確認が済んでいないか、有効期限が切れました。もう一度登録してください",
      emailTaken: "このメールアドレスはすでに登録されています",
      loginFailed: "メールアドレスまたはパスワードが正しくありません",
      botCheckMissing:
        "ロボットによる操作でないことを確認できませんでした。JavaScript を有効にして、もう一度送信してください",
      botCheckFailed:
        "ロボットによる操作の可能性があるため、受け付けられませんでした。時間をおいてお試しください",
      botCheckUnavailable:
        "ロボットによる操作でないことの確認ができませんでした。しばらくしてからお試しください",
    },
    freshSignIn: {
      required: "安全のため、現在のパスワードを入力してください（ログインから10分以内は不要です）",
      wrong: "パスワードが正しくありません",
      signInAgain: "安全のため、いったんログアウトしてもう一度ログインしてから、お手続きください",
    },
    mail: {
      signature: "――\nTsugu（ツグ）\nこのメールは送信専用です。お心当たりのない場合は破棄してください。",
      signupCode: {
        subject: "【Tsugu】確認コード {code}",
        body: "Tsugu への会員登録ありがとうございます。\n\n確認コード: {code}\n\n登録画面にこのコードを入力するか、次のリンクを開いて登録を続けてください。\n{link}\n\nコードとリンクの有効期限は10分です。",
      },
      signupExistingAccount: {
        subject: "【Tsugu】このメールアドレスは登録済みです",
        body: "このメールアドレスで会員登録が申し込まれましたが、すでにアカウントがあります。\n\nログイン: {loginUrl}\nパスワードをお忘れの場合: {resetUrl}",
      },
      passwordReset: {
        subject: "【Tsugu】パスワードの再設定",
        body: "パスワード再設定のお申し込みを受け付けました。\n次のリンクを開いて、新しいパスワードを設定してください。\n{link}\n\nリンクの有効期限は30分です。",
      },
      emailChangeCode: {
        subject: "【Tsugu】確認コード {code}",
        body: "メールアドレス変更の確認コードです。\n\n確認コード: {code}\n\n有効期限は10分です。",
      },
      emailChanged: {
        subject: "【Tsugu】メールアドレスが変更されました",
        body: "アカウントのメールアドレスが {newEmail} に変更されました。\nお心当たりがない場合は、すぐにお問い合わせください。",
      },
      payoutDestinationChanged: {
        subject: "【Tsugu】売上金の受取先が変更されました",
        body: "売上金の受取先（{what}）が変更されました。不正利用を防ぐため、変更から24時間（{until}まで）は新しい受取先への出金をお受けできません。\nお心当たりがない場合は、すぐにパスワードを再設定し、お問い合わせください。\n\n{link}",
      },
      passwordChanged: {
        subject: "【Tsugu】パスワードが変更されました",
        body: "アカウントのパスワードが変更されました。\nお心当たりがない場合は、すぐにパスワードを再設定してください。",
      },
    },
  },
};
