import type { SiteMessages } from "../messages.ts";
import { enAccount } from "./en/account.ts";
import { enAccountCore } from "./en/account-core.ts";
import { enApi } from "./en/api.ts";
import { enAppErrors } from "./en/app-errors.ts";
import { enAuth } from "./en/auth.ts";
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
import { enHome } from "./en/home.ts";
import { enIdentity } from "./en/identity.ts";
import { enIdentityNotice } from "./en/identity-notice.ts";
import { enImages } from "./en/images.ts";
import { enLedger } from "./en/ledger.ts";
import { enListing } from "./en/listing.ts";
import { enMarket } from "./en/market.ts";
import { enMedia } from "./en/media.ts";
import { enModeration } from "./en/moderation.ts";
import { enMypage } from "./en/mypage.ts";
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
import { enShell } from "./en/shell.ts";
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
  ...enShell,
  ...enHome,
  ...enAuth,
  ...enMypage,
};
