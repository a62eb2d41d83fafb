/** Signing in with a one-time link mailed to the member's address: the pages, the mail and its errors. */
export const jaEmailLogin = {
  emailLogin: {
    title: "メールでログイン",
    lead: "登録済みのメールアドレスに、ログイン用のリンクをお送りします。パスワードは不要です。",
    link: "メールでログインリンクを受け取る",
    email: "メールアドレス",
    remember: "ログインしたままにする",
    send: "ログインリンクを送る",
    sentTitle: "メールをご確認ください",
    sent: "{email} が登録済みのアドレスであれば、ログイン用のリンクをお送りしました。リンクの有効期限は10分で、1回だけ使えます。",
    sameBrowser: "リンクは、このブラウザで開いてください。ほかの端末やブラウザで開いてもログインできません。",
    notArrived: "メールが届かない場合は、迷惑メールフォルダをご確認のうえ、もう一度お送りください。",
    sendAgain: "ログインリンクをもう一度送る",
    openTitle: "ログインリンク",
    otherBrowserTitle: "別のブラウザで開かれました",
    startAgain: "ログインリンクを送り直す",
    passwordLogin: "メールアドレスとパスワードでログイン",
    mail: {
      subject: "【Tsugu】ログイン用のリンク",
      body: "Tsuguへのログインのお申し込みを受け付けました。\n下のリンクを開くと、お申し込みいただいたブラウザでログインします（有効期限は{minutes}分、1回のみ有効です）。\n\n{link}\n\nお申し込みいただいたブラウザとは別の端末やブラウザで開いた場合は、ログインできません。\nお心当たりのない場合は、このメールを破棄してください。リンクを開かない限り、ログインされることはありません。",
    },
    errors: {
      otherBrowser:
        "このリンクは、ログインリンクをお申し込みいただいたブラウザでのみ使えます。このブラウザでログインするには、もう一度リンクをお送りください。",
    },
  },
};
