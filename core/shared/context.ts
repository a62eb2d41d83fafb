import type { Db } from "#db/client.ts";
import type { IdentityProvider } from "../account/identity-provider.ts";
import type { CarrierStatusProvider } from "../catalog/carrier-status.ts";
import type { BotCheck } from "../identity/bot-check.ts";
import type { IdentityProviders } from "../identity/identity-providers.ts";
import type { PaymentGateway } from "../money/payments/gateway.ts";
import type {
  AtmCodeProvider,
  BankTransferProvider,
  WalletProvider,
} from "../money/payouts/payout-providers.ts";
import type { VoucherGateway } from "../money/top-ups/voucher-gateway.ts";
import type { Mailer } from "../notify/mailer.ts";
import type { PushSender } from "../notify/push.ts";
import type { SmsSender } from "../notify/sms.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import type { ShippingProvider } from "../trading/shipping-provider.ts";
import type { Clock } from "./clock.ts";

/** What every use case needs from the outside world, injected by the door that calls it. */
export type CoreContext = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  blobs: BlobStore;
  /** Identity verification (eKYC): the Polarify sandbox unless a live provider is configured. */
  identity: IdentityProvider;
  /** Card payments: the built-in sandbox unless PAY.JP is configured. */
  payments: PaymentGateway;
  /** Convenience-store and Pay-easy vouchers for points top-ups: the sandbox unless KOMOJU is configured. */
  vouchers: VoucherGateway;
  /** Payouts: Seven Bank ATM codes, Kyash transfers and the bank that takes our 全銀 files (sandboxes). */
  atm: AtmCodeProvider;
  wallet: WalletProvider;
  bank: BankTransferProvider;
  /** Tells people from scripts on sign-up, password reset and sign-in after failures: the sandbox unless Turnstile or reCAPTCHA is configured. */
  botCheck: BotCheck;
  /** Signing in with LINE, Google and Apple: the built-in sandbox provider for each one not configured. */
  identityProviders: IdentityProviders;
  /** Web Push to members' browsers (VAPID keys from the settings, or generated in the data folder). */
  push: PushSender;
  /** The carriers' network-use restriction lookup for the IMEI checker ("off" in production). */
  carrierStatus: CarrierStatusProvider;
  /** Courier invoices and pickups: the sandbox courier. */
  courier: ShippingProvider;
  /** Key for hashing tokens and codes. */
  secret: string;
  /** Site address for links in mail, without a trailing slash. */
  publicUrl: string;
};
