/** The back office's reset of a member's two-step verification: the form, its errors and the member's mail. */
export const jaTwoStepReset = {
  twoStepReset: {
    title: "二段階認証のリセット",
    lead: "認証アプリ・SMSでの確認・バックアップコードを削除し、この会員のすべての端末をログアウトさせます。ご本人であることを確認できた場合にだけ行ってください。会員にはメールでお知らせします。",
    status: "現在: {state}",
    on: "オン（{methods}）",
    off: "オフ",
    totp: "認証アプリ",
    sms: "SMS",
    recoveryCodes: "バックアップコード{count, number}件",
    reason: "理由",
    reasonHint: "本人確認の方法とお問い合わせ番号など、あとから経緯がわかるように記入してください。",
    submit: "二段階認証をリセットする",
    done: "二段階認証をリセットし、会員のすべての端末をログアウトさせました",
    errors: {
      self: "ご自身の二段階認証はリセットできません。ほかのスタッフに依頼してください",
      staffByAdmin: "スタッフのアカウントの二段階認証は、管理者だけがリセットできます",
      notOn: "この会員は二段階認証を使っていないため、リセットするものがありません",
    },
    mail: {
      subject: "【Tsugu】二段階認証がリセットされました",
      body: "お客様からのご依頼にもとづき、Tsugu のサポートがアカウントの二段階認証をリセットしました。認証アプリ・SMSでの確認・バックアップコードの設定は削除され、すべての端末からログアウトしています。\n\n次回からはメールアドレスとパスワードでログインできます。安全のため、ログイン後に二段階認証をもう一度設定してください。\n{url}\n\nお心当たりがない場合は、すぐにパスワードを変更し、お問い合わせフォームからご連絡ください。",
    },
  },
};
