import { jaAccount } from "./ja/account.ts";
import { jaAccountCore } from "./ja/account-core.ts";
import { jaApi } from "./ja/api.ts";
import { jaAppErrors } from "./ja/app-errors.ts";
import { jaBalance } from "./ja/balance.ts";
import { jaBalancePages } from "./ja/balance-pages.ts";
import { jaBuyback } from "./ja/buyback.ts";
import { jaBuybackBids } from "./ja/buyback-bids.ts";
import { jaBuybackBuyer } from "./ja/buyback-buyer.ts";
import { jaBuybackDeliveries } from "./ja/buyback-deliveries.ts";
import { jaBuybackMember } from "./ja/buyback-member.ts";
import { jaBuybackPublic } from "./ja/buyback-public.ts";
import { jaBuyerApplication } from "./ja/buyer-application.ts";
import { jaBuying } from "./ja/buying.ts";
import { jaCardTopUp } from "./ja/card-top-up.ts";
import { jaCatalog } from "./ja/catalog.ts";
import { jaChecks } from "./ja/checks.ts";
import { jaCodes } from "./ja/codes.ts";
import { jaCompanyFacts } from "./ja/company-facts.ts";
import { jaEmailLogin } from "./ja/email-login.ts";
import { jaHelp } from "./ja/help.ts";
import { jaIdentity } from "./ja/identity.ts";
import { jaIdentityNotice } from "./ja/identity-notice.ts";
import { jaImages } from "./ja/images.ts";
import { jaLedger } from "./ja/ledger.ts";
import { jaListing } from "./ja/listing.ts";
import { jaMarket } from "./ja/market.ts";
import { jaMedia } from "./ja/media.ts";
import { jaModeration } from "./ja/moderation.ts";
import { jaNotifySettings } from "./ja/notify-settings.ts";
import { jaOffers } from "./ja/offers.ts";
import { jaPages } from "./ja/pages.ts";
import { jaPasskeys } from "./ja/passkeys.ts";
import { jaPayments } from "./ja/payments.ts";
import { jaPayoutPages } from "./ja/payout-pages.ts";
import { jaPayoutSandboxes } from "./ja/payout-sandboxes.ts";
import { jaPhoneLogin } from "./ja/phone-login.ts";
import { jaPosts } from "./ja/posts.ts";
import { jaProfile } from "./ja/profile.ts";
import { jaProviders } from "./ja/providers.ts";
import { jaSessions } from "./ja/sessions.ts";
import { jaSocial } from "./ja/social.ts";
import { jaSocialCore } from "./ja/social-core.ts";
import { jaStaffShared } from "./ja/staff-shared.ts";
import { jaSupport } from "./ja/support.ts";
import { jaToDo } from "./ja/to-do.ts";
import { jaTopUpPages } from "./ja/top-up-pages.ts";
import { jaTrading } from "./ja/trading.ts";
import { jaTwoStep } from "./ja/two-step.ts";
import { jaTwoStepReset } from "./ja/two-step-reset.ts";
import { jaValidation } from "./ja/validation.ts";
import { jaVouchers } from "./ja/vouchers.ts";

export const jaSite = {
  ...jaIdentity,
  ...jaTwoStep,
  ...jaProviders,
  ...jaAccountCore,
  ...jaListing,
  ...jaSocialCore,
  ...jaPosts,
  ...jaImages,
  ...jaTrading,
  ...jaStaffShared,
  ...jaIdentityNotice,
  ...jaSupport,
  ...jaPayments,
  ...jaLedger,
  ...jaValidation,
  ...jaCodes,
  ...jaCompanyFacts,
  ...jaAppErrors,
  ...jaApi,
  ...jaProfile,
  ...jaSocial,
  ...jaAccount,
  ...jaCatalog,
  ...jaMarket,
  ...jaPages,
  ...jaMedia,
  ...jaBuying,
  ...jaModeration,
  ...jaOffers,
  ...jaPayoutSandboxes,
  ...jaVouchers,
  ...jaBalance,
  ...jaBalancePages,
  ...jaTopUpPages,
  ...jaToDo,
  ...jaPayoutPages,
  ...jaCardTopUp,
  ...jaBuyback,
  ...jaBuybackPublic,
  ...jaBuybackMember,
  ...jaBuybackBuyer,
  ...jaBuyerApplication,
  ...jaBuybackBids,
  ...jaBuybackDeliveries,
  ...jaSessions,
  ...jaNotifySettings,
  ...jaPhoneLogin,
  ...jaEmailLogin,
  ...jaHelp,
  ...jaTwoStepReset,
  ...jaPasskeys,
  ...jaChecks,
  site: {
    name: "Tsugu",
    tagline: "ジャンク・中古スマホのフリマと買取",
    description:
      "Tsugu（ツグ）は、画面割れや水没、起動しない端末まで、ジャンク・中古・修理済みのスマホやデバイスを売り買いできるフリマと、法人バイヤーが入札する買取サービスです。",
    organizationDescription: "壊れた端末も、修理と再利用で次の持ち主へつなぐマーケットプレイス",
  },
  shell: {
    skipToContent: "本文へスキップ",
    home: "Tsugu ホーム",
    searchLabel: "キーワードで探す",
    searchPlaceholder: "iPhone 画面割れ",
    searchSubmit: "検索",
    suggestionsLabel: "検索の候補",
    searchByModel: "機種で探す",
    login: "ログイン",
    signup: "会員登録",
    sell: "出品する",
    mypage: "マイページ",
    back: "戻る",
    loading: "読み込み中",
    close: "閉じる",
    notifications: "通知",
    primaryNav: "メインメニュー",
    buyback: "買取",
    help: "ヘルプ",
    desk: {
      office: "Tsugu 管理画面",
      buyer: "買取業者ポータル",
      menu: "メニュー",
      toSite: "サイトを見る",
      logout: "ログアウト",
      signedIn: "ログイン中",
      waiting: "{count, number}件",
      overdue: "目標時間を過ぎたものがあります",
      previous: "前へ",
      next: "次へ",
      position: "{position, number} / {count, number}件目",
      queueNav: "キューの中の移動",
      shortcuts: "キーボードショートカット",
      shortcutNext: "キューの次の項目へ",
      shortcutPrevious: "キューの前の項目へ",
      shortcutHelp: "このヘルプを開く・閉じる",
      shortcutsLead: "入力欄に入力している間は使えません。",
    },
  },
  nav: {
    home: "ホーム",
    search: "さがす",
    sell: "出品",
    notifications: "お知らせ",
    mypage: "マイページ",
  },
  footer: {
    label: "サイト情報",
    about: "Tsuguについて",
    terms: "利用規約",
    privacy: "プライバシーポリシー",
    laws: "特定商取引法に基づく表記",
    company: "運営会社",
    imeiChecker: "IMEIチェッカー",
    help: "ヘルプ",
    buyback: "スマホ買取",
    language: "言語",
    copyright: "© {year} Tsugu",
  },
  errors: {
    notFoundTitle: "ページが見つかりませんでした",
    notFoundBody:
      "お探しのページは見つかりませんでした。アドレスが間違っているか、ページが削除された可能性があります。",
    errorTitle: "エラーが発生しました",
    errorBody: "エラーが発生しました。しばらく時間をおいてから、もう一度お試しください。",
    forbiddenTitle: "このページは表示できません",
    forbiddenBody: "このページを表示する権限がありません。ログイン中のアカウントをご確認ください。",
    backToTop: "トップにもどる",
    unavailableTitle: "ただいま混み合っています",
    unavailableBody: "一時的につながりにくくなっています。少し時間をおいてから、もう一度お試しください。",
    overloadedBody: "ただいまアクセスが集中しています。少し時間をおいてから、もう一度お試しください。",
    badRequestTitle: "リクエストが正しくありません",
    badRequestBody: "アドレスに使えない文字が含まれています。アドレスを確かめて、もう一度お試しください。",
    badRequestHome: "トップページへ",
    updatedTitle: "新しいバージョンが公開されました",
    updatedBody:
      "このページを開いている間にTsuguが更新されたため、表示できませんでした。ページを再読み込みしてください。",
    reload: "再読み込みする",
  },
  pagedList: {
    noMore: "これ以上はありません",
    failed: "読み込みに失敗しました",
    retry: "もう一度読み込む",
    more: "もっと見る",
  },
  form: {
    required: "必須",
    optional: "任意",
    fixErrors: "入力内容に誤りがあります。各項目をご確認ください",
    showPassword: "パスワードを表示",
    errorSummary: "入力内容を確認してください",
    errorSummaryLead: "{count, plural, other {#件の項目}}に誤りがあります。選ぶとその入力欄に移動します。",
    retypePassword: "ページの準備ができました。パスワードをもう一度入力して、送信してください",
    recaptchaNotice:
      "このサイトは reCAPTCHA で保護されており、Google の<privacy>プライバシーポリシー</privacy>と<terms>利用規約</terms>が適用されます。",
  },
  home: {
    title: "ジャンク・中古スマホのフリマと買取",
    heroTitle: "壊れたスマホも、次の人へ。",
    heroBody:
      "画面割れ、水没、バッテリー膨張、起動しない端末まで。Tsuguは、ジャンク・中古・修理済みのデバイスを売り買いできるフリマと、法人バイヤーが入札する買取サービスです。",
    ctaSignup: "無料で会員登録",
    ctaLogin: "ログイン",
    ctaMypage: "マイページへ",
    welcome: "{nickname}さん、ようこそ",
    savedSearchTitle: "「{keyword}」の新着",
    savedSearchTitleNoKeyword: "保存した検索条件の新着",
    savedSearchLabel: "保存した検索条件に合う新着の商品",
    savedSearchAll: "すべて見る",
    savedSearchNone:
      "保存した検索条件に合う販売中の商品は、いまはありません。新しく出品されたらお知らせします。",
    featuresTitle: "Tsuguが選ばれる理由",
    feature1Title: "端末の状態がひと目でわかる",
    feature1Body:
      "IMEIのチェックデジット確認、ネットワーク利用制限（○ △ × −）、アクティベーションロック、バッテリー最大容量、故障箇所のチェックリスト。どれでも絞り込めます。",
    feature2Title: "法人バイヤーの入札で買取",
    feature2Body: "買取価格は固定の表ではなく、法人バイヤーのリアルタイムの入札から決まります。",
    feature3Title: "本人確認と古物台帳",
    feature3Body: "古物営業法にもとづく本人確認と台帳の記録を、サービスに組み込んでいます。",
    missionTitle: "捨てない文明をつくる",
    missionBody:
      "世界では年間およそ6,200万トンの電子ごみが出ていますが、適正にリサイクルされているのは約2割です。修理と再利用で、端末をもう一度使える場所へつなぎます。",
    quote: {
      kicker: "Tsugu 買取",
      title: "スマホの買取価格をいますぐチェック",
      lead: "機種と状態を選ぶと、法人バイヤーのいまの入札から買取価格の目安がわかります。会員登録の前でも調べられます。",
      filter: "機種名で絞り込む",
      filterPlaceholder: "例：iPhone 13",
      model: "機種",
      condition: "端末の状態",
      submit: "買取価格を見る",
      conditions: {
        unused: "未使用（使った形跡がない）",
        like_new: "目立つ傷や汚れがない",
        used: "小さな傷や擦れがある",
        worn: "目立つ傷・汚れ・へこみがある",
        screen: "画面が割れている・表示がおかしい",
        no_power: "電源が入らない",
      },
      result: "{model}（{condition}）の買取価格の目安",
      range: "{min}〜{max}",
      rangeNote:
        "いま入札している法人バイヤーの最高値から求めた目安です。バッテリーの劣化などで下限寄りになることがあります。金額は端末の検査のあとに確定し、お断りもできます。",
      none: "この機種・状態への入札は、いまはありません。入札は日々変わるため、お申込みはいただけます。検査のときにも入札がなければ買取はできず、端末はご返送します。",
      apply: "この内容で買取を申し込む",
      more: "買取サービスについて詳しく見る",
      nothing: "いま買取価格の出ている機種はありません。買取サービスのページで最新の情報をご確認ください。",
      modelRequired: "機種を選択してください",
      conditionRequired: "端末の状態を選択してください",
      bannerTitle: "使わなくなったスマホを買取に出す",
      bannerBody: "法人バイヤーの入札で、画面割れや電源の入らない端末にも値段がつきます。",
      bannerLink: "買取価格を調べる",
    },
  },
  login: {
    title: "ログイン",
    email: "メールアドレス",
    password: "パスワード",
    remember: "ログインしたままにする",
    submit: "ログイン",
    forgot: "パスワードをお忘れの方",
    noAccount: "アカウントをお持ちでない方",
    signup: "新規会員登録",
    loggedIn: "ログインしました",
  },
  logout: {
    submit: "ログアウト",
    done: "ログアウトしました",
  },
  signup: {
    title: "会員登録",
    lead: "会員登録は無料です。登録すると、出品・購入・いいね・コメントができるようになります。",
    withEmail: "メールアドレスで登録",
    agreement:
      "登録すると、<terms>利用規約</terms>と<privacy>プライバシーポリシー</privacy>に同意したものとみなされます。",
    haveAccount: "すでにアカウントをお持ちの方",
    login: "ログイン",
    emailTitle: "メールアドレスで登録",
    email: "メールアドレス",
    password: "パスワード",
    passwordHint: "8文字以上で、英字と数字をどちらも含めてください",
    sendCode: "確認コードを送信",
    codeTitle: "確認コードを入力",
    codeSent: "{email} に6桁の確認コードを送りました。メールに記載のリンクを開いても登録を続けられます。",
    code: "確認コード",
    verify: "確認する",
    changeEmail: "メールアドレスを入力し直す",
    resend: "確認コードを再送する",
    resendLead: "メールが届かないときは、迷惑メールのフォルダもご確認ください。",
    resent: "確認コードを再送しました。新しいメールに書かれたコードを入力してください",
    userInfoTitle: "プロフィールの登録",
    userInfoLead: "{email} の確認が完了しました。最後にニックネームを決めてください。",
    nickname: "ニックネーム",
    nicknameHint: "20文字以内。ほかの会員に表示されます",
    complete: "登録を完了する",
    completed: "会員登録が完了しました。ようこそTsuguへ！",
    expired: "確認の有効期限が切れました。お手数ですが、もう一度登録してください",
  },
  resetPassword: {
    title: "パスワードの再設定",
    lead: "ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。",
    email: "メールアドレス",
    submit: "再設定メールを送信",
    sentTitle: "メールを送信しました",
    sentBody:
      "入力されたメールアドレスが登録されている場合、パスワード再設定用のリンクをお送りしました。リンクの有効期限は30分です。",
    sentHint: "メールが届かない場合は、迷惑メールフォルダをご確認いただくか、もう一度お試しください。",
    again: "もう一度送信する",
    newTitle: "新しいパスワードの設定",
    newLead: "{email} の新しいパスワードを入力してください。",
    password: "新しいパスワード",
    passwordConfirmation: "新しいパスワード（確認）",
    save: "パスワードを再設定する",
    done: "パスワードを再設定しました。新しいパスワードでログインしてください",
    invalidTitle: "リンクが無効です",
    invalidBody: "リンクの有効期限が切れているか、すでに使われています。もう一度お手続きください。",
  },
  mypage: {
    title: "マイページ",
    account: "アカウント",
    settings: "設定",
    changeEmail: "メールアドレスの変更",
    changePassword: "パスワードの変更",
    trades: {
      title: "取引中",
      label: "進行中の取引",
      none: "進行中の取引はありません。",
      more: "ほかに{count}件の取引があります",
      buying: "購入",
      selling: "出品",
      badge: "要対応",
      steps: {
        ship: "商品を発送してください",
        rate: "取引相手を評価してください",
        answerCancel: "キャンセル申請に回答してください",
        awaitShipping: "出品者の発送待ち",
        awaitRating: "購入者の受取評価待ち",
        awaitSellerRating: "出品者の評価待ち",
        awaitCancelAnswer: "キャンセル申請の回答待ち",
        onHold: "事務局で確認中",
      },
    },
    wallet: {
      title: "残高",
      proceeds: "売上金",
      points: "ポイント",
      open: "残高・履歴を見る",
    },
    sell: "出品する",
    viewProfile: "プロフィールを見る",
    services: { title: "サービス", buyback: "買取の申し込み・状況", imeiChecker: "IMEIチェッカー" },
    role: { member: "会員", business: "法人バイヤー", operator: "運営スタッフ" },
  },
  settingsEmail: {
    title: "メールアドレスの変更",
    current: "現在のメールアドレス",
    email: "新しいメールアドレス",
    currentPassword: "現在のパスワード",
    submit: "確認コードを送信",
    codeSent: "{email} に6桁の確認コードを送りました。",
    code: "確認コード",
    verify: "変更する",
    cancel: "やり直す",
    done: "メールアドレスを変更しました",
  },
  changePassword: {
    title: "パスワードの変更",
    currentPassword: "現在のパスワード",
    password: "新しいパスワード",
    passwordConfirmation: "新しいパスワード（確認）",
    submit: "変更する",
    done: "パスワードを変更しました。ほかの端末ではログアウトされます",
    forgot: "現在のパスワードがわからない場合",
  },
  mailbox: {
    title: "開発用メールボックス",
    lead: "メールはSMTPで送信されず、この画面に保存されています（SMTP_URLを設定すると送信されます）。",
    empty: "メールはまだありません",
    to: "宛先",
    from: "差出人",
    date: "日時",
    back: "一覧にもどる",
  },
} as const;
