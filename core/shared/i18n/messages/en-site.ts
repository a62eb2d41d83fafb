import type { SiteMessages } from "../messages.ts";
import { enAccount } from "./en/account.ts";
import { enAccountCore } from "./en/account-core.ts";
import { enApi } from "./en/api.ts";
import { enAppErrors } from "./en/app-errors.ts";
import { enBalance } from "./en/balance.ts";
import { enBalancePages } from "./en/balance-pages.ts";
import { enBuyback } from "./en/buyback.ts";
import { enBuybackBids } from "./en/buyback-bids.ts";
import { enBuybackBuyer } from "./en/buyback-buyer.ts";
import { enBuybackDeliveries } from "./en/buyback-deliveries.ts";
import { enBuybackMember } from "./en/buyback-member.ts";
import { enBuybackPublic } from "./en/buyback-public.ts";
import { enBuyerApplication } from "./en/buyer-application.ts";
import { enBuying } from "./en/buying.ts";
import { enCardTopUp } from "./en/card-top-up.ts";
import { enCatalog } from "./en/catalog.ts";
import { enChecks } from "./en/checks.ts";
import { enCodes } from "./en/codes.ts";
import { enCompanyFacts } from "./en/company-facts.ts";
import { enEmailLogin } from "./en/email-login.ts";
import { enHelp } from "./en/help.ts";
import { enIdentity } from "./en/identity.ts";
import { enIdentityNotice } from "./en/identity-notice.ts";
import { enImages } from "./en/images.ts";
import { enLedger } from "./en/ledger.ts";
import { enListing } from "./en/listing.ts";
import { enMarket } from "./en/market.ts";
import { enMedia } from "./en/media.ts";
import { enModeration } from "./en/moderation.ts";
import { enNotifySettings } from "./en/notify-settings.ts";
import { enOffers } from "./en/offers.ts";
import { enPages } from "./en/pages.ts";
import { enPasskeys } from "./en/passkeys.ts";
import { enPayments } from "./en/payments.ts";
import { enPayoutPages } from "./en/payout-pages.ts";
import { enPayoutSandboxes } from "./en/payout-sandboxes.ts";
import { enPhoneLogin } from "./en/phone-login.ts";
import { enPosts } from "./en/posts.ts";
import { enProfile } from "./en/profile.ts";
import { enProviders } from "./en/providers.ts";
import { enSessions } from "./en/sessions.ts";
import { enSocial } from "./en/social.ts";
import { enSocialCore } from "./en/social-core.ts";
import { enStaffShared } from "./en/staff-shared.ts";
import { enSupport } from "./en/support.ts";
import { enToDo } from "./en/to-do.ts";
import { enTopUpPages } from "./en/top-up-pages.ts";
import { enTrading } from "./en/trading.ts";
import { enTwoStep } from "./en/two-step.ts";
import { enTwoStepReset } from "./en/two-step-reset.ts";
import { enValidation } from "./en/validation.ts";
import { enVouchers } from "./en/vouchers.ts";

export const enSite: SiteMessages = {
  ...enIdentity,
  ...enTwoStep,
  ...enProviders,
  ...enAccountCore,
  ...enListing,
  ...enSocialCore,
  ...enPosts,
  ...enImages,
  ...enTrading,
  ...enStaffShared,
  ...enIdentityNotice,
  ...enSupport,
  ...enPayments,
  ...enLedger,
  ...enValidation,
  ...enCodes,
  ...enCompanyFacts,
  ...enAppErrors,
  ...enApi,
  ...enProfile,
  ...enSocial,
  ...enAccount,
  ...enCatalog,
  ...enMarket,
  ...enPages,
  ...enMedia,
  ...enBuying,
  ...enModeration,
  ...enOffers,
  ...enPayoutSandboxes,
  ...enVouchers,
  ...enBalance,
  ...enBalancePages,
  ...enTopUpPages,
  ...enToDo,
  ...enPayoutPages,
  ...enCardTopUp,
  ...enBuyback,
  ...enBuybackPublic,
  ...enBuybackMember,
  ...enBuybackBuyer,
  ...enBuyerApplication,
  ...enBuybackBids,
  ...enBuybackDeliveries,
  ...enSessions,
  ...enNotifySettings,
  ...enPhoneLogin,
  ...enEmailLogin,
  ...enHelp,
  ...enTwoStepReset,
  ...enPasskeys,
  ...enChecks,
  site: {
    name: "Tsugu",
    tagline: "Marketplace and buyback for used and broken phones",
    description:
      "Tsugu is a marketplace for used, broken and repaired smartphones and devices, from cracked screens and water damage to phones that won't turn on, with a buyback service where businesses bid on your device.",
    organizationDescription:
      "A marketplace that passes broken devices on to their next owner through repair and reuse",
  },
  shell: {
    skipToContent: "Skip to content",
    home: "Tsugu home",
    searchLabel: "Search by keyword",
    searchPlaceholder: "iPhone cracked",
    searchSubmit: "Search",
    suggestionsLabel: "Search suggestions",
    searchByModel: "Search by model",
    login: "Log in",
    signup: "Sign up",
    sell: "Sell",
    mypage: "My page",
    back: "Back",
    loading: "Loading",
    close: "Close",
    notifications: "Notifications",
    primaryNav: "Main menu",
    buyback: "Buyback",
    help: "Help",
    desk: {
      office: "Tsugu back office",
      buyer: "Buyer portal",
      menu: "Menu",
      toSite: "View the site",
      logout: "Log out",
      signedIn: "Signed in",
      waiting: "{count, number} waiting",
      overdue: "Some items are past their target time",
      previous: "Previous",
      next: "Next",
      position: "{position, number} of {count, number}",
      queueNav: "Move through the queue",
      shortcuts: "Keyboard shortcuts",
      shortcutNext: "Next item in the queue",
      shortcutPrevious: "Previous item in the queue",
      shortcutHelp: "Open or close this help",
      shortcutsLead: "Not while you are typing in a field.",
    },
  },
  nav: {
    home: "Home",
    search: "Search",
    sell: "Sell",
    notifications: "Notices",
    mypage: "My page",
  },
  footer: {
    label: "About this site",
    about: "About Tsugu",
    terms: "Terms of service",
    privacy: "Privacy policy",
    laws: "Specified Commercial Transactions Act",
    company: "Company",
    imeiChecker: "IMEI checker",
    help: "Help",
    buyback: "Phone buyback",
    language: "Language",
    copyright: "© {year} Tsugu",
  },
  errors: {
    notFoundTitle: "Page not found",
    notFoundBody:
      "We could not find the page you were looking for. The address may be wrong, or the page may have been deleted.",
    errorTitle: "An error occurred",
    errorBody: "An error occurred. Please wait a moment and try again.",
    forbiddenTitle: "You cannot view this page",
    forbiddenBody:
      "You do not have permission to view this page. Check which account you are logged in with.",
    backToTop: "Back to top",
    unavailableTitle: "We are busy right now",
    unavailableBody: "Tsugu is briefly unavailable. Please wait a moment and try again.",
    overloadedBody: "Tsugu is very busy right now. Please wait a moment and try again.",
    badRequestTitle: "This request is not valid",
    badRequestBody: "The address holds characters it cannot hold. Please check it and try again.",
    badRequestHome: "Go to the home page",
    updatedTitle: "A new version of Tsugu is out",
    updatedBody:
      "Tsugu was updated while this page was open, so it could not be shown. Please reload the page.",
    reload: "Reload",
  },
  pagedList: {
    noMore: "No more results!",
    failed: "Oops something went wrong!",
    retry: "Retry",
    more: "Show more",
  },
  form: {
    required: "Required",
    optional: "Optional",
    fixErrors: "Some fields need your attention",
    showPassword: "Show password",
    errorSummary: "Check the following",
    errorSummaryLead:
      "{count, plural, one {# field needs} other {# fields need}} correcting. Choose one to go to it.",
    retypePassword: "The page is ready now. Type your password again, then send the form",
    recaptchaNotice:
      "This site is protected by reCAPTCHA and the Google <privacy>Privacy Policy</privacy> and <terms>Terms of Service</terms> apply.",
  },
  home: {
    title: "Marketplace and buyback for used and broken phones",
    heroTitle: "Broken phones deserve a next owner.",
    heroBody:
      "Cracked screens, water damage, swollen batteries, phones that won't turn on. Tsugu is a marketplace for used, broken and repaired devices, and a buyback service where businesses bid on yours.",
    ctaSignup: "Sign up free",
    ctaLogin: "Log in",
    ctaMypage: "Go to my page",
    welcome: "Welcome, {nickname}",
    savedSearchTitle: "New for “{keyword}”",
    savedSearchTitleNoKeyword: "New for your saved search",
    savedSearchLabel: "New listings matching your saved search",
    savedSearchAll: "See all",
    savedSearchNone:
      "Nothing on sale matches your saved search right now. We'll let you know when something is listed.",
    featuresTitle: "Why Tsugu",
    feature1Title: "Know the device at a glance",
    feature1Body:
      "IMEI checksum, network restriction status (○ △ × −), activation lock, battery health and a defects checklist. Filter by any of them.",
    feature2Title: "Buyback from live business bids",
    feature2Body: "Buyback prices come from what business buyers bid right now, not from a fixed table.",
    feature3Title: "Identity checks and dealer ledger",
    feature3Body:
      "Identity verification and the secondhand dealer ledger that Japanese law requires are built in.",
    missionTitle: "Toward a no-waste civilization",
    missionBody:
      "About 62 million tons of electronic waste are produced every year, and only about 20% is properly recycled. Through repair and reuse, we pass devices on to where they can be used again.",
    quote: {
      kicker: "Tsugu Buyback",
      title: "See what your phone is worth now",
      lead: "Choose a model and its condition to see a price range from what business buyers bid right now. No account needed to look.",
      filter: "Filter models by name",
      filterPlaceholder: "e.g. iPhone 13",
      model: "Model",
      condition: "Condition",
      submit: "See prices",
      conditions: {
        unused: "Unused (no signs of use)",
        like_new: "No visible scratches or marks",
        used: "Small scratches or scuffs",
        worn: "Visible scratches, marks or dents",
        screen: "Cracked screen or display fault",
        no_power: "Does not turn on",
      },
      result: "Price guide for {model} ({condition})",
      range: "{min}–{max}",
      rangeNote:
        "A guide from the highest bids business buyers have placed now. A worn battery can bring it towards the lower end. The price is set after we inspect the device, and you can still say no.",
      none: "Nobody bids on this model in this condition right now. Bids change daily, so you can still apply; if there is still no bid when we inspect it, we cannot buy it and send the device back.",
      apply: "Apply for buyback with these details",
      more: "More about the buyback service",
      nothing: "No model has a buyback price right now. See the buyback page for the latest.",
      modelRequired: "Choose a model",
      conditionRequired: "Choose the condition",
      bannerTitle: "Sell a phone you no longer use",
      bannerBody: "Business buyers bid even on cracked phones and ones that won't turn on.",
      bannerLink: "Check buyback prices",
    },
  },
  login: {
    title: "Log in",
    email: "Email address",
    password: "Password",
    remember: "Keep me logged in",
    submit: "Log in",
    forgot: "Forgot your password?",
    noAccount: "New to Tsugu?",
    signup: "Create an account",
    loggedIn: "You are logged in",
  },
  logout: {
    submit: "Log out",
    done: "You have logged out",
  },
  signup: {
    title: "Sign up",
    lead: "Signing up is free. With an account you can sell, buy, like and comment.",
    withEmail: "Sign up with email",
    agreement:
      "By signing up you agree to the <terms>Terms of service</terms> and the <privacy>Privacy policy</privacy>.",
    haveAccount: "Already have an account?",
    login: "Log in",
    emailTitle: "Sign up with email",
    email: "Email address",
    password: "Password",
    passwordHint: "At least 8 characters, with both letters and digits",
    sendCode: "Send code",
    codeTitle: "Enter your code",
    codeSent: "We sent a 6-digit code to {email}. You can also open the link in that email to continue.",
    code: "Code",
    verify: "Confirm",
    changeEmail: "Use a different email address",
    resend: "Resend the code",
    resendLead: "If the email has not arrived, check your spam folder too.",
    resent: "We sent a new code. Enter the code from the newest email",
    userInfoTitle: "Your profile",
    userInfoLead: "{email} is confirmed. Last step: choose a nickname.",
    nickname: "Nickname",
    nicknameHint: "Up to 20 characters, shown to other members",
    complete: "Finish signing up",
    completed: "Welcome to Tsugu! Your account is ready.",
    expired: "The confirmation has expired. Please sign up again",
  },
  resetPassword: {
    title: "Reset your password",
    lead: "Enter the email address of your account and we will send you a link to reset your password.",
    email: "Email address",
    submit: "Send reset link",
    sentTitle: "Check your email",
    sentBody:
      "If this address has an account, we have sent it a link to reset the password. The link expires in 30 minutes.",
    sentHint: "No email? Check your spam folder, or try again.",
    again: "Send again",
    newTitle: "Choose a new password",
    newLead: "Enter a new password for {email}.",
    password: "New password",
    passwordConfirmation: "New password (again)",
    save: "Reset password",
    done: "Your password was reset. Please log in with the new one",
    invalidTitle: "This link is not valid",
    invalidBody: "The link has expired or has already been used. Please start again.",
  },
  mypage: {
    title: "My page",
    account: "Account",
    settings: "Settings",
    changeEmail: "Change email address",
    changePassword: "Change password",
    trades: {
      title: "Trades in progress",
      label: "Trades in progress",
      none: "You have no trades in progress.",
      more: "{count, plural, one {# more trade} other {# more trades}}",
      buying: "Buying",
      selling: "Selling",
      badge: "Your turn",
      steps: {
        ship: "Ship the item",
        rate: "Rate the other party",
        answerCancel: "Answer the cancellation request",
        awaitShipping: "Waiting for the seller to ship",
        awaitRating: "Waiting for the buyer to confirm receipt",
        awaitSellerRating: "Waiting for the seller's rating",
        awaitCancelAnswer: "Waiting for an answer to your cancellation request",
        onHold: "Under review by Tsugu support",
      },
    },
    wallet: {
      title: "Balance",
      proceeds: "Proceeds",
      points: "Points",
      open: "Balance and history",
    },
    sell: "Sell an item",
    viewProfile: "View profile",
    services: { title: "Services", buyback: "Buyback requests", imeiChecker: "IMEI checker" },
    role: { member: "Member", business: "Business buyer", operator: "Staff" },
  },
  settingsEmail: {
    title: "Change email address",
    current: "Current email address",
    email: "New email address",
    currentPassword: "Current password",
    submit: "Send code",
    codeSent: "We sent a 6-digit code to {email}.",
    code: "Code",
    verify: "Change",
    cancel: "Start over",
    done: "Your email address was changed",
  },
  changePassword: {
    title: "Change password",
    currentPassword: "Current password",
    password: "New password",
    passwordConfirmation: "New password (again)",
    submit: "Change",
    done: "Your password was changed. Your other devices have been logged out",
    forgot: "Don't know your current password?",
  },
  mailbox: {
    title: "Development mailbox",
    lead: "Mail is not sent by SMTP but kept here (set SMTP_URL to send it).",
    empty: "No mail yet",
    to: "To",
    from: "From",
    date: "Date",
    back: "Back to the list",
  },
};
