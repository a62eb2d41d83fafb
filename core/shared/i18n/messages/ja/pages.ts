/** About, company and flea-market pages. Company facts come from core/shared/company.ts. */
export const jaPages = {
  about: {
    title: "Tsuguについて",
    description:
      "Tsugu（ツグ）は、壊れたスマホも修理と再利用で次の持ち主へつなぐフリマと買取のサービスです。サービス内容、ビジョン、会社概要をご紹介します。",
    heroTitle: "壊れたスマホにも、次の持ち主がいる。",
    heroBody:
      "画面が割れた、電源が入らない、古くて使わなくなった。そんな端末も、部品として、修理の素材として、誰かにとっては価値があります。Tsuguは、その価値を次の持ち主へつなぎます。",
    servicesTitle: "サービス",
    flemaName: "Tsugu フリマ",
    flemaBody:
      "ジャンク・中古・修理済みのスマホやデバイスを、個人どうしで売り買いできるフリマです。IMEIと不具合のチェックリストで、端末の状態がひと目でわかります。",
    buybackName: "Tsugu 買取",
    buybackBody:
      "端末を送るだけで、法人バイヤーの入札にもとづいて査定します。古物営業法にそった本人確認で、安心してお売りいただけます。",
    seeDetail: "詳しく見る",
    visionTitle: "ビジョン",
    visionHeading: "「捨てない文明」をつくる。",
    visionBody1:
      "世界では、年間約6,200万トンもの電子ごみが生まれています。そのうち、適切にリサイクルされているのは約20%にすぎません。",
    visionBody2:
      "まだ使える部品も、直せば動く端末も、その多くが捨てられています。わたしたちは、修理と再利用をあたりまえにすることで、捨てない文明をつくることを目指しています。",
    visionButton: "記事を読む",
    companyTitle: "会社概要",
    companyName: "会社名",
    established: "設立",
    business: "事業内容",
    representative: "代表者",
    address: "所在地",
    dealerLicence: "古物商許可番号",
    legalAdviser: "顧問弁護士",
    contactTitle: "お問い合わせ",
    contactBody: "サービスや取材に関するお問い合わせは、以下のメールアドレスまでご連絡ください。",
    contactEmail: "メール",
    contactHours: "受付時間",
  },
  company: {
    title: "運営会社",
    description: "Tsuguを運営する株式会社Tsuguの会社概要です。",
    lead: "Tsuguは、以下の会社が運営しています。",
    phone: "電話番号",
    email: "メールアドレス",
    relatedTitle: "関連情報",
  },
  aboutFlema: {
    title: "Tsugu フリマについて",
    description:
      "ジャンク・中古スマホのフリマ「Tsugu フリマ」のしくみ、手数料、安心して取引するための取り組みをご紹介します。",
    lead: "ジャンク品を「ジャンク」のひとことで終わらせない。端末の状態を正しく伝え、正しく受け取れるフリマです。",
    howTitle: "取引の流れ",
    step1Title: "出品する",
    step1Body:
      "IMEIを入力すると、機種データにある端末ならメーカーと機種を自動で入力します。不具合はチェックリストから選ぶだけです。",
    step2Title: "売れたら発送",
    step2Body: "購入されたら、商品ページで選んだ方法で発送します。",
    step3Title: "評価して完了",
    step3Body: "購入者が受取評価をすると取引が完了し、代金が売上金になります。",
    feesTitle: "手数料",
    feeSales: "販売手数料：販売価格の{rate}%",
    feeListing: "出品・購入の手数料：無料",
    feeTransfer: "売上金の受け取り手数料：銀行振込 {bank}円／セブン銀行ATM {cvs}円／Kyash {wallet}円",
    safetyTitle: "安心して取引するために",
    safety1:
      "出品時にIMEIのチェックディジットを確認します。ネットワーク利用制限の状態は、IMEIチェッカーで確かめられます（機種データにある端末のみ）。",
    safety2: "{threshold}円を超える商品の出品には、本人確認が必要です。",
    safety3: "代金は取引が完了するまでTsuguがお預かりします。",
    cta: "フリマをはじめる",
  },
  flema: {
    title: "ジャンク・中古スマホのフリマ",
    description:
      "画面割れ、水没、起動しない端末まで。ジャンク・中古・修理済みのスマホを売り買いできるTsugu フリマ。IMEIと不具合の項目で、状態がひと目でわかります。",
    heroTitle: "動かないスマホも、\n誰かの一台になる。",
    heroBody: "画面割れ・バッテリー劣化・起動しない端末まで、そのまま出品できます。",
    browse: "商品をさがす",
    sell: "出品する",
    pointsTitle: "Tsugu フリマの特長",
    point1Title: "状態がひと目でわかる",
    point1Body:
      "画面、タッチ、カメラ、バッテリー、水没など、不具合を項目ごとに表示。すべて検索の条件にできます。",
    point2Title: "IMEIで機種を自動入力",
    point2Body:
      "IMEIを入力すると、機種データにある端末ならメーカーと機種を自動で入力します。IMEIチェッカーでは、ネットワーク利用制限の状態も確かめられます。",
    point3Title: "手数料は売れたときだけ",
    point3Body: "出品は無料。売れたときに販売価格の{rate}%をいただきます。",
    categoriesTitle: "カテゴリからさがす",
    imeiTitle: "出品の前に、IMEIをチェック",
    imeiBody: "IMEIが正しいか、どの機種か、ネットワーク利用制限の状態を確認できます。",
    imeiLink: "IMEIチェッカーへ",
    learnMore: "Tsugu フリマについて詳しく",
  },
  legal: {
    effective: "施行日",
    contents: "目次",
  },
} as const;
