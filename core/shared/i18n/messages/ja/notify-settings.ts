/** The notification settings page, the push notices and the price-drop mail. */
export const jaNotifySettings = {
  notifySettings: {
    menu: "通知設定",
    title: "通知設定",
    intro:
      "お知らせはいつでもアプリ内の「お知らせ」に届きます。メールやプッシュ通知でも受け取る種類を選べます。",
    kindsLabel: "通知の種類ごとの受け取り方",
    kind: "種類",
    mail: "メール",
    push: "プッシュ",
    topics: {
      messages: "取引メッセージ",
      offers: "オファー・値下げ交渉",
      sales: "購入・発送・評価",
      price_drops: "いいね！した商品の値下げ",
      buyback: "買取の査定結果",
    },
    mailFor: "{topic}をメールで受け取る",
    pushFor: "{topic}をプッシュ通知で受け取る",
    save: "保存する",
    saved: "通知設定を保存しました",
    invalid: "通知設定の内容を読み取れませんでした。もう一度お試しください",
    browserTitle: "このブラウザでのプッシュ通知",
    browserToggle: "このブラウザでプッシュ通知を受け取る",
    browserOn: "このブラウザでプッシュ通知を受け取っています。",
    browserOff: "このブラウザではプッシュ通知を受け取っていません。",
    browserHint: "オンにすると、上の表で「プッシュ」を選んだ種類の通知がこのブラウザに届きます。",
    turnOn: "プッシュ通知をオンにする",
    turnOff: "プッシュ通知をオフにする",
    working: "設定しています…",
    unsupported:
      "このブラウザはプッシュ通知に対応していません。iPhone・iPad では、Safari の共有メニューから「ホーム画面に追加」したうえで開くと使えます。",
    denied:
      "このブラウザで通知が許可されていません。ブラウザのサイト設定で通知を「許可」にしてから、もう一度お試しください。",
    failed: "プッシュ通知を設定できませんでした。時間をおいてもう一度お試しください。",
    turnedOn: "このブラウザでプッシュ通知を受け取るようにしました",
    turnedOff: "このブラウザでのプッシュ通知をオフにしました",
  },
  notifyPush: {
    title: "Tsugu",
    other: "新しいお知らせがあります",
    message: "「{title}」の取引に新しいメッセージが届きました",
    sales: "「{title}」の取引に動きがありました",
    buyback: "買取のお知らせがあります: {title}",
  },
  notifyMail: {
    notice: { subject: "{body}" },
    priceDrop: {
      subject: "いいね！した商品が値下げされました: {title}",
      body: "いいね！した「{title}」が {from} から {to} に値下げされました。\n\n商品を見る:",
      settings: "メールの受け取り方は通知設定で変えられます:",
    },
  },
} as const;
