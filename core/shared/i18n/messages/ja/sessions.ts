/** The list of signed-in devices, the new-device mail, and the identity errors of the spec's §8 catalogue. */
export const jaSessions = {
  sessions: {
    title: "ログイン中の端末",
    menu: "ログイン中の端末",
    lead: "あなたのアカウントにログインしているブラウザとアプリの一覧です。心当たりのない端末があれば、ログアウトさせてからパスワードを変更してください。",
    thisDevice: "この端末",
    api: "アプリ・API",
    firstUsed: "ログイン日時",
    lastUsed: "最終利用",
    network: "接続元",
    end: "ログアウトさせる",
    endOthers: "この端末以外をすべてログアウト",
    onlyThis: "ほかにログイン中の端末はありません。",
    changePassword: "パスワードを変更する",
    confirmEnd: {
      title: "この端末をログアウトさせますか？",
      body: "{device}は次の操作のときにログアウトされます。もう一度使うには、その端末でログインし直す必要があります。",
      confirm: "ログアウトさせる",
    },
    confirmEndOthers: {
      title: "この端末以外をすべてログアウトさせますか？",
      body: "いまお使いの端末を除く {count, number} 台が、次の操作のときにログアウトされます。",
      confirm: "すべてログアウトさせる",
    },
    ended: "端末をログアウトさせました",
    endedOthers: "この端末以外をすべてログアウトさせました",
    device: {
      browserOn: "{browser}（{os}）",
      one: "{name}",
      unknown: "不明なブラウザ",
    },
    place: {
      range: "{range} 付近のネットワーク",
      loopback: "このサーバー自身（ローカル）",
      private: "社内・家庭内などのプライベートネットワーク",
      unknown: "不明",
    },
    mail: {
      newDevice: {
        subject: "【Tsugu】新しい端末からログインがありました",
        body: "いつもと異なる端末から、あなたのアカウントにログインがありました。\n\n日時: {when}\n端末: {browser}\n接続元: {place}\n\nご本人であれば、このメールへの対応は不要です。\nお心当たりがない場合は、次のページでその端末をログアウトさせ、すぐにパスワードを変更してください。\n{link}",
      },
    },
    errors: {
      notFound: "この端末のログインは見つかりませんでした。すでにログアウトしている可能性があります",
    },
  },
  identityErrors: {
    loginBlocked:
      "ログインの試行が多すぎるため、一時的に制限しています。{minutes, number}分ほどおいてから、もう一度お試しください",
    invalidUserToken: "ログインの有効期限が切れたか、ログアウトされています。もう一度ログインしてください",
    networkRequestFailed: "通信できませんでした。電波の良いところで、もう一度お試しください",
    webStorageUnsupported:
      "Cookie が無効になっているため、ログインできません。ブラウザの設定で Cookie を有効にしてください",
  },
};
