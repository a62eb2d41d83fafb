import { type HelpArticle, yenEn, yenJa } from "../article.ts";

/** The account and safety: signing in, two-step verification, the identity check, and trading safely. */
export const ACCOUNT_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "ways-to-log-in",
    section: "account",
    ja: {
      title: "ログインの方法",
      summary:
        "パスワード、メールで届くログインリンク、SMSの確認コード、パスキー、外部アカウントでログインできます。",
      keywords: ["ログイン", "ログインできない", "メールでログイン", "ログインリンク", "パスキー", "SMS"],
      body: `[ログイン](/:lang/login/)の画面から、次の方法を選べます。

- **メールアドレスとパスワード**
- **メールでログインリンクを受け取る**：登録したアドレスにリンクが届きます。リンクは10分間、1回だけ有効で、**申し込んだのと同じブラウザ**で開いたときだけログインします。別の端末で開いた場合は、その端末からもう一度お申し込みください。
- **電話番号でログイン**：電話番号認証を済ませた携帯電話に、SMSで確認コードが届きます。
- **パスキー**：指紋・顔認証や画面ロックでログインします。[パスキーの設定](/:lang/settings/passkeys/)で登録できます。
- **外部アカウント**：連携したGoogleなどのアカウントでログインします。

2段階認証をオンにしている場合は、どの方法でも続けて確認コードの入力を求めます（パスキーを除く）。パスワードを忘れた場合は[パスワードの再設定](/:lang/reset-password/)からどうぞ。`,
    },
    en: {
      title: "Ways to log in",
      summary:
        "Log in with a password, a sign-in link by email, a texted code, a passkey, or another account.",
      keywords: ["log in", "login", "sign in", "cannot log in", "email link", "magic link", "passkey", "SMS"],
      body: `On the [login page](/:lang/login/) you can choose:

- **Email and password**
- **Get a sign-in link by email**: a link comes to your registered address. It lasts 10 minutes, works once, and signs you in **only in the browser where you asked for it**. If you open it on another device, ask again from that device.
- **Phone number**: a code is texted to your verified mobile number.
- **Passkey**: your fingerprint, face or screen lock. Add one in [passkey settings](/:lang/settings/passkeys/).
- **Another account**: Google or another account you linked.

With two-step verification on, every way but a passkey then asks for your code. Forgot your password? [Reset it](/:lang/reset-password/).`,
    },
  },
  {
    slug: "two-step-verification",
    section: "account",
    ja: {
      title: "2段階認証",
      summary: "ログインのときに、認証アプリやSMSの確認コードも求めて、アカウントの乗っ取りを防ぎます。",
      keywords: ["2段階認証", "二段階認証", "認証アプリ", "リカバリーコード", "乗っ取り", "セキュリティ"],
      body: `2段階認証をオンにすると、パスワードなどに加えて確認コードが必要になり、パスワードが漏れてもログインされにくくなります。

- [2段階認証の設定](/:lang/settings/two-step/)で、認証アプリ（Google Authenticatorなど）を登録します。電話番号認証を済ませていれば、SMSでコードを受け取ることもできます。
- 設定のときに表示される**リカバリーコード**は、紙に書くなどして大切に保管してください。端末をなくしたときに、コードの代わりに1回ずつ使えます。
- 認証アプリもリカバリーコードも使えなくなった場合は、[お問い合わせ](/:lang/help/contact/)からご連絡ください。本人であることを確認したうえで、事務局が2段階認証をリセットします。

ログインしている端末は[ログイン中の端末](/:lang/settings/sessions/)で確認し、心当たりのないものはログアウトできます。`,
    },
    en: {
      title: "Two-step verification",
      summary:
        "Asks for a code from an authenticator app or by SMS when you log in, so a leaked password is not enough.",
      keywords: ["two-step verification", "2FA", "two-factor", "authenticator", "recovery code", "security"],
      body: `With two-step verification on, logging in needs a code as well as your password, so a leaked password alone does not let anyone in.

- In [two-step settings](/:lang/settings/two-step/), add an authenticator app (Google Authenticator, for example). With a verified mobile number, you can also get codes by SMS.
- Keep the **recovery codes** shown during setup somewhere safe, on paper for example. If you lose your phone, each works once in place of a code.
- If you can use neither the app nor a recovery code, [contact us](/:lang/help/contact/). Once we have confirmed it is you, the office resets your two-step verification.

See where you are logged in on [Your sessions](/:lang/settings/sessions/), and log out any you do not recognise.`,
    },
  },
  {
    slug: "identity-check",
    section: "account",
    ja: {
      title: "本人確認（eKYC）",
      summary: "本人確認書類と顔の撮影で、オンラインで本人確認ができます。買取や信頼の表示に使われます。",
      keywords: ["本人確認", "eKYC", "身分証", "免許証", "マイナンバーカード", "確認中"],
      body: `[本人確認の設定](/:lang/settings/identification/)から、オンラインで本人確認ができます（eKYC）。

1. 運転免許証やマイナンバーカードなどの本人確認書類を撮影します。
2. 案内にしたがって、ご自身の顔を撮影します。
3. 自動で照合され、多くの場合はすぐに完了します。照合できなかった場合は、事務局が書類を確認します（数日かかることがあります）。

本人確認が必要なのは、次のときです。

- 買取で、買取額の合計が${yenJa(10_000)}以上のとき（[買取の本人確認](/:lang/help/buyback-identity-check/)）

本人確認が済むと、プロフィールに「本人確認済み」と表示され、取引相手に安心してもらえます。事務局が確認している間は、売上金の180日の期限は進みません。`,
    },
    en: {
      title: "The identity check (eKYC)",
      summary:
        "Check your identity online with an ID document and a photo of your face. Needed for larger buybacks, and shown on your profile.",
      keywords: [
        "identity check",
        "identity verification",
        "eKYC",
        "ID",
        "driver's licence",
        "My Number card",
        "under review",
      ],
      body: `Check your identity online in [identity settings](/:lang/settings/identification/) (eKYC).

1. Photograph an ID document such as a driver's licence or My Number card.
2. Follow the steps to photograph your face.
3. They are matched automatically, usually at once. If they cannot be, the office reviews the documents (this may take a few days).

You need the check:

- for a buyback totalling ${yenEn(10_000)} or more (see [The identity check for a buyback](/:lang/help/buyback-identity-check/))

Once checked, your profile shows "Identity verified", which reassures the people you trade with. While the office reviews your documents, the 180-day proceeds deadline stops.`,
    },
  },
  {
    slug: "change-email-or-password",
    section: "account",
    ja: {
      title: "メールアドレス・パスワードを変更する",
      summary: "設定から変更できます。パスワードを忘れたときは再設定のメールを受け取れます。",
      keywords: ["メールアドレス変更", "パスワード変更", "パスワードを忘れた", "再設定"],
      body: `- **メールアドレス**：[メールアドレスの変更](/:lang/settings/email/)で新しいアドレスと現在のパスワードを入力し、新しいアドレスに届く6桁のコードを入力します。変更すると、以前のアドレスにもお知らせが届きます。
- **パスワード**：[パスワードの変更](/:lang/settings/change-password/)で、現在のパスワードと新しいパスワード（8文字以上）を入力します。
- **パスワードを忘れたとき**：[パスワードの再設定](/:lang/reset-password/)で登録したアドレスを入力すると、再設定のリンクが届きます。パスワードなしでログインしたいときは、「メールでログインリンクを受け取る」も使えます。

心当たりのない変更のお知らせが届いた場合は、すぐに[お問い合わせ](/:lang/help/contact/)からご連絡ください。`,
    },
    en: {
      title: "Changing your email address or password",
      summary: "Change them in settings. If you forgot your password, we mail you a reset link.",
      keywords: ["change email", "change password", "forgot password", "reset password"],
      body: `- **Email address**: in [email settings](/:lang/settings/email/), type the new address and your current password, then the 6-digit code sent to the new address. Your old address is told about the change too.
- **Password**: in [password settings](/:lang/settings/change-password/), type your current password and a new one (8 characters or more).
- **Forgot your password**: type your address on [Reset password](/:lang/reset-password/) and we mail you a link. To log in without a password, you can also get a sign-in link by email.

If you are told of a change you did not make, [contact us](/:lang/help/contact/) at once.`,
    },
  },
  {
    slug: "safe-trading",
    section: "safety",
    ja: {
      title: "安心して取引するために",
      summary: "代金は受け取り評価までTsuguが預かります。やりとりと支払いは必ずTsugu の中で行ってください。",
      keywords: ["安全", "安心", "詐欺", "トラブル", "直接取引", "外部決済"],
      body: `**代金はTsuguがお預かりします**：購入者が支払った代金は、商品が届いて受け取り評価がされるまで出品者に渡りません。届かない、説明と違うといった場合も、評価の前ならお金は守られています。

**Tsuguの外で取引しない**：「直接振り込んでほしい」「LINEやメールで話しましょう」などの誘いには応じないでください。Tsuguの外で支払ったお金は、私たちが守ることができません。このような誘いは禁止行為です。見つけたら通報してください。

**購入前に確かめる**：IMEI、ネットワーク利用制限、アクティベーションロックの記載を確認し、わからないことはコメントで質問しましょう。出品者の評価や本人確認の表示も参考になります。

**困ったときは**：まず取引メッセージで相手と話し、解決しないときは[お問い合わせ](/:lang/mypage/support/)からご相談ください。`,
    },
    en: {
      title: "Trading safely",
      summary:
        "Tsugu holds the payment until the buyer rates the item. Keep every message and payment on Tsugu.",
      keywords: ["safety", "safe", "scam", "fraud", "trouble", "trading outside"],
      body: `**Tsugu holds the money**: what the buyer paid does not reach the seller until the item arrives and is rated. If it does not arrive or is not as described, the money is safe as long as you have not rated.

**Do not trade outside Tsugu**: ignore requests like "pay me directly" or "let's talk on LINE or by mail". We cannot protect money paid outside Tsugu. Such requests break the rules: please report them.

**Check before you buy**: look at the IMEI, network restriction and activation lock details, and ask in the comments if anything is unclear. The seller's ratings and identity badge help too.

**When there is trouble**: first talk to the other side on the transaction page; if that does not settle it, ask us through [Contact support](/:lang/mypage/support/).`,
    },
  },
  {
    slug: "report-a-problem",
    section: "safety",
    ja: {
      title: "不審な出品や会員を通報する",
      summary: "商品ページやプロフィールの「通報する」から、理由を選んで事務局に知らせられます。",
      keywords: ["通報", "違反報告", "不審", "ブロック", "迷惑"],
      body: `禁止されている出品、状態を偽った出品、不適切なコメント、Tsuguの外での取引への誘いなどを見つけたら、商品ページ・コメント・プロフィールの**「通報する」**から理由を選んでお知らせください。通報した人が相手に知られることはありません。

事務局が内容を確認し、必要に応じて出品やコメントを非公開にしたり、アカウントの利用を停止したりします。個別の結果はお知らせしないことがあります。

特定の会員とやりとりしたくない場合は、プロフィールからブロックできます。ブロックした会員は[ブロックした会員](/:lang/mypage/blocked-users/)で確認・解除できます。`,
    },
    en: {
      title: "Reporting a suspicious listing or member",
      summary: 'Use "Report" on an item page or profile, choose a reason, and the office looks into it.',
      keywords: ["report", "suspicious", "abuse", "block", "spam"],
      body: `If you see a prohibited or misleading listing, an abusive comment, or someone asking to trade outside Tsugu, choose **"Report"** on the item page, comment or profile, and pick a reason. The other person is not told who reported them.

The office reviews it and, where needed, hides the listing or comment or suspends the account. We may not tell you the outcome of each report.

If you do not want to deal with a member, block them from their profile. See and undo blocks in [Blocked members](/:lang/mypage/blocked-users/).`,
    },
  },
  {
    slug: "stolen-and-restricted-devices",
    section: "safety",
    ja: {
      title: "盗難端末・赤ロムを避けるには",
      summary:
        "IMEIでネットワーク利用制限を確かめ、×の端末は通信できないことを理解したうえで購入してください。",
      keywords: ["赤ロム", "盗難", "IMEI", "ネットワーク利用制限", "白ロム", "利用制限"],
      body: `携帯会社は、盗難届が出された端末や代金が支払われていない端末の通信を止めることがあります（ネットワーク利用制限、いわゆる赤ロム）。

- Tsuguの出品にはIMEIの入力が必要で、IMEIはチェックディジットで確かめています。商品ページで制限の状況（○・△・×・−）を確認してください。
- [IMEIチェッカー](/:lang/imei-checker/)で、IMEIから機種と制限の状況を調べられます。
- △は、今後×になる可能性があります。×の端末は、SIMカードを入れても通信できません（部品取りや Wi-Fi での利用向け）。
- 届いた端末のIMEIが商品ページと違う場合は、受け取り評価をせずに出品者へ連絡し、[お問い合わせ](/:lang/mypage/support/)からご相談ください。

盗品の出品は禁止です。Tsugu 買取では、盗難・紛失の届出がある端末は買い取りません。`,
    },
    en: {
      title: "Avoiding stolen and blacklisted devices",
      summary: "Check the network restriction by IMEI, and buy a × device only knowing it cannot connect.",
      keywords: ["blacklisted", "stolen", "IMEI", "network restriction", "carrier lock"],
      body: `Carriers can block devices reported stolen or not paid for (network restriction, "blacklisted").

- Every Tsugu listing needs an IMEI, which is checked by its check digit. See the restriction status (○, △, ×, −) on the item page.
- The [IMEI checker](/:lang/imei-checker/) tells the model and the restriction status from an IMEI.
- △ may become × later. A × device cannot connect with a SIM card (it suits parts or Wi-Fi use).
- If the IMEI of what arrived differs from the item page, do not rate it: message the seller and ask us through [Contact support](/:lang/mypage/support/).

Listing stolen goods is prohibited, and Tsugu Buyback never buys devices reported stolen or lost.`,
    },
  },
];
