/** A company's application to become a business buyer: the form, its answers and its mails. */
export const jaBuyerApplication = {
  buyerApplication: {
    title: "法人バイヤーの利用申し込み",
    lead: "中古端末を買い取る法人さま向けのサービスです。古物商許可をお持ちの法人さまは、こちらからお申し込みください。審査のうえ、登録用のリンクをメールでお送りします。",
    invited: "招待メールが届いている方は、メールのリンクから登録してください。",
    haveAccount: "すでに登録済みの方は",
    login: "ログイン",
    companySection: "会社の情報",
    contactSection: "ご担当者さま",
    buyingSection: "買取の予定",
    fields: {
      companyName: "会社名",
      licenceNumber: "古物商許可番号",
      licenceCommission: "許可した公安委員会",
      address: "所在地",
      contactName: "ご担当者名",
      email: "メールアドレス",
      phone: "電話番号",
      monthlyVolume: "月間の買取予定台数",
      categories: "買い取るカテゴリ",
      declineReason: "お断りする理由",
    },
    hints: {
      companyName: "登記上の正式名称を入力してください（例: 株式会社つぐ商事）",
      licenceNumber:
        "許可証に記載の12桁の番号です（例: 第301010000001号）。「第」「号」はなくてもかまいません。",
      licenceCommission: "許可証を発行した都道府県の公安委員会を選んでください。",
      email: "審査の結果と登録用のリンクをこのアドレスにお送りします。",
      phone: "ハイフンはあってもなくてもかまいません。",
      categories: "当てはまるものをすべて選んでください。",
    },
    commission: "{prefecture}公安委員会",
    volumes: {
      under10: "10台未満",
      "10to49": "10〜49台",
      "50to199": "50〜199台",
      "200plus": "200台以上",
    },
    submit: "申し込む",
    sent: {
      title: "お申し込みを受け付けました",
      body: "受付番号は {id} です。{email} 宛てに受付のメールをお送りしました。",
      nextTitle: "このあとの流れ",
      step1: "担当者がお申し込みの内容と古物商許可を確認します（通常3営業日以内）。",
      step2:
        "承認後、登録用のリンクをメールでお送りします。リンクからご担当者のお名前を登録すると、入札を始められます。",
      step3: "お受けできない場合も、理由を添えてメールでお知らせします。",
      noMail: "メールが届かない場合は、迷惑メールのフォルダもご確認ください。",
      back: "買取サービスのトップへ",
    },
    errors: {
      licenceNumber: "古物商許可番号は12桁の数字で入力してください",
      categories: "買い取るカテゴリを1つ以上選んでください",
      pendingEmail:
        "このメールアドレスでのお申し込みはすでに受け付けており、審査中です。結果はメールでお知らせしますので、しばらくお待ちください",
      pendingLicence:
        "この古物商許可番号でのお申し込みはすでに受け付けており、審査中です。結果はメールでお知らせしますので、しばらくお待ちください",
      decided: "この申し込みはすでに審査が終わっています",
    },
    mail: {
      received: {
        subject: "【Tsugu 買取】法人バイヤーのお申し込みを受け付けました（受付番号 {id}）",
        body: "{companyName}\n{contactName} 様\n\nTsugu 買取サービスの法人バイヤーにお申し込みいただき、ありがとうございます。\n受付番号: {id}\n\n担当者がお申し込みの内容と古物商許可を確認します（通常3営業日以内）。\n承認後、登録用のリンクをこのアドレスにお送りします。お受けできない場合も、理由を添えてお知らせします。",
      },
      declined: {
        subject: "【Tsugu 買取】法人バイヤーのお申し込みについて（受付番号 {id}）",
        body: "{companyName}\n{contactName} 様\n\nTsugu 買取サービスの法人バイヤーにお申し込みいただき、ありがとうございました。\n審査の結果、今回はお申し込みをお受けできませんでした。\n\n理由:\n{reason}\n\n内容を改めたうえで、もう一度お申し込みいただくこともできます。",
      },
    },
  },
};
