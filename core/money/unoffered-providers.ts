import type { AtmCodeProvider, BankTransferProvider, WalletProvider } from "./payouts/payout-providers.ts";
import type { VoucherGateway } from "./top-ups/voucher-gateway.ts";

const notOffered = (service: string) => async (): Promise<never> => {
  throw new Error(`${service} is not offered by this deployment (no provider is configured)`);
};

/** Vouchers in production without KOMOJU: not offered (`offeredMethods` hides them). */
export function unofferedVouchers(): VoucherGateway {
  return {
    name: "off",
    kind: "off",
    createVoucher: notOffered("Vouchers"),
    getVoucher: notOffered("Vouchers"),
    findVoucher: notOffered("Vouchers"),
    cancelVoucher: notOffered("Vouchers"),
    // No provider sends us anything: every request to the webhook is unauthenticated.
    verifyWebhook: () => null,
  };
}

/** Cash at a Seven Bank ATM without a provider: not offered. */
export function unofferedAtm(): AtmCodeProvider {
  return {
    name: "off",
    kind: "off",
    issue: notOffered("ATM"),
    get: notOffered("ATM"),
    cancel: notOffered("ATM"),
  };
}

/** Kyash without a provider: not offered. */
export function unofferedWallet(): WalletProvider {
  return {
    name: "off",
    kind: "off",
    checkAccount: notOffered("Kyash"),
    send: notOffered("Kyash"),
    get: notOffered("Kyash"),
  };
}

/**
 * The bank in production: an operator downloads each run's 全銀 file and uploads it at the bank
 * by hand, and records what the bank returns (振込不能) on the run's page; nothing is automatic.
 */
export function manualBank(): BankTransferProvider {
  return {
    name: "bank-manual",
    kind: "live",
    async submit() {},
    async returns() {
      return [];
    },
  };
}
