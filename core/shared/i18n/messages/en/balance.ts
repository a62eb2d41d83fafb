import type { Messages } from "../../messages.ts";

export const enBalance: Pick<Messages, "balance"> = {
  balance: {
    fields: {
      amount: "Amount",
      store: "Convenience store",
      method: "Payment method",
      card: "Card",
      kyashAccount: "Kyash account",
      reason: "Reason",
      expiresInDays: "Days valid",
    },
    errors: {
      atmThousands: "Cash at a Seven Bank ATM comes in units of ¥1,000",
      dayLimit: "You can withdraw up to ¥{max, number} a day in total. Please apply again tomorrow",
      holderName: "The account holder name has characters banks cannot take. Please check your bank account",
      kyashClosed: "This Kyash account is closed and cannot receive money",
      kyashNotFound: "The Kyash account was not found. Please check the number",
      needsAddress: "Payment needs your name and phone number. Please register your address first",
      needsBankAccount: "No bank account is registered. Please register one first",
      needsKyash: "No Kyash account is linked. Please link one first",
      onePendingVoucher: "A top-up is waiting for payment. Pay it or cancel it before applying for a new one",
      payoutInRun: "This payout is already being transferred",
      payoutNotCancellable: "This payout cannot be canceled",
      payoutNotFound: "The payout was not found",
      payoutNotNow: "This payout cannot be changed in its current state",
      payoutPaid: "This payout is already complete",
      destinationHeld:
        "This destination was changed recently: to protect you from fraud, payouts to it are accepted from {time} on {month}/{day} (Japan time)",
      payoutKeyReused:
        "This payout request was already submitted with different details. Please reload the page",
      payoutRepeated: "This request was already accepted. Nothing was requested twice",
      payoutSent: "This payout has already been sent to the bank",
      topUpCanceled: "This top-up was canceled",
      topUpExpired: "This top-up is past its payment deadline",
      topUpNotFound: "The top-up was not found",
      topUpNotNow: "This top-up cannot be changed in its current state",
      topUpPaid: "This top-up is already paid",
      unknownBank: "The registered bank or branch was not found. Please check your bank account",
      voucherUnavailable: "A payment number cannot be issued right now. Please try again in a little while",
    },
    office: {
      errors: {
        notSent: "Only transfers sent to the bank can be recorded as returned",
        nothingToRun: "No payouts are waiting for a transfer",
        runNotFound: "The transfer file was not found",
        runNotPrepared: "This transfer file was already sent or discarded",
        secondApprover: "The same operator cannot approve twice. Another operator must approve",
      },
    },
  },
};
