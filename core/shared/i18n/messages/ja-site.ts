import { jaAccount } from "./ja/account.ts";
import { jaAccountCore } from "./ja/account-core.ts";
import { jaApi } from "./ja/api.ts";
import { jaAppErrors } from "./ja/app-errors.ts";
import { jaAuth } from "./ja/auth.ts";
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
import { jaHome } from "./ja/home.ts";
import { jaIdentity } from "./ja/identity.ts";
import { jaIdentityNotice } from "./ja/identity-notice.ts";
import { jaImages } from "./ja/images.ts";
import { jaLedger } from "./ja/ledger.ts";
import { jaListing } from "./ja/listing.ts";
import { jaMarket } from "./ja/market.ts";
import { jaMedia } from "./ja/media.ts";
import { jaModeration } from "./ja/moderation.ts";
import { jaMypage } from "./ja/mypage.ts";
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
import { jaShell } from "./ja/shell.ts";
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
  ...jaShell,
  ...jaHome,
  ...jaAuth,
  ...jaMypage,
} as const;
