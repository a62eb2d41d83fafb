/** The balance's words: top-ups, payouts, the proceeds' deadlines (issue: points and payouts). */
export const jaBalance = {
  balance: {
    fields: {
      amount: "金額",
      store: "お支払いするコンビニ",
      method: "お支払い方法",
      card: "カード",
      kyashAccount: "Kyashアカウント",
      reason: "理由",
      expiresInDays: "有効日数",
    },
    errors: {
      atmThousands: "セブン銀行ATMでの受け取りは1,000円単位で指定してください",
      dayLimit: "1日に出金できるのは合計{max, number}円までです。明日以降にお申し込みください",
      holderName: "口座名義に銀行で使えない文字が含まれています。口座情報を確認してください",
      kyashClosed: "このKyashアカウントは解約されているため、受け取りに使えません",
      kyashNotFound: "Kyashアカウントが見つかりません。番号を確認してください",
      needsAddress: "お支払いには氏名と電話番号が必要です。先に住所を登録してください",
      needsBankAccount: "振込先の口座が登録されていません。先に口座を登録してください",
      needsKyash: "Kyashアカウントが登録されていません。先にアカウントを登録してください",
      onePendingVoucher:
        "お支払い待ちのチャージがあります。そのお支払いを済ませるか、取り消してから新しくお申し込みください",
      payoutInRun: "この出金はすでに振込の手続きに入っています",
      payoutNotCancellable: "この出金は取り消せません",
      payoutNotFound: "出金の申請が見つかりません",
      payoutNotNow: "この出金はいまの状態では操作できません",
      payoutPaid: "この出金はすでに完了しています",
      destinationHeld:
        "受取先を変更したため、不正利用防止のため{month}月{day}日{time}まではこの受取先への出金をお受けできません",
      payoutKeyReused: "この出金申請はすでに別の内容で受け付けています。画面を読み込み直してください",
      payoutRepeated: "この申請はすでに受け付けています。二重には申請されていません",
      payoutSent: "この出金はすでに銀行に送られています",
      topUpCanceled: "このチャージは取り消されています",
      topUpExpired: "このチャージはお支払い期限を過ぎています",
      topUpNotFound: "チャージの申し込みが見つかりません",
      topUpNotNow: "このチャージはいまの状態では操作できません",
      topUpPaid: "このチャージはお支払い済みです",
      unknownBank: "登録された金融機関または支店が見つかりません。口座情報を確認してください",
      voucherUnavailable: "ただいまお支払い番号を発行できません。しばらくしてからもう一度お試しください",
    },
    office: {
      errors: {
        notSent: "銀行に送られた振込だけが組戻し・不能にできます",
        nothingToRun: "振込を待っている出金はありません",
        runNotFound: "振込データが見つかりません",
        runNotPrepared: "この振込データはすでに送信済みか、取り消されています",
        secondApprover: "同じ担当者は2回承認できません。別の担当者の承認が必要です",
      },
    },
  },
};
