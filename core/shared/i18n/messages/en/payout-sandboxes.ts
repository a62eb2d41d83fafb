import type { Messages } from "../../messages.ts";

/** The payout sandboxes' words: the ATM that pays out receipt numbers, and transfers they refuse. */
export const enPayoutSandboxes: Pick<Messages, "payoutSandbox" | "sandboxAtm"> = {
  payoutSandbox: {
    errors: {
      atmAmount: "ATM cash is paid out in multiples of ¥{unit, number}",
      atmReceiptFormat: "Enter the 10-digit receipt number",
      atmConfirmationFormat: "Enter the 4-digit confirmation number",
      atmWrongNumbers: "The receipt number or the confirmation number is wrong",
      atmUsed: "This receipt number has already been used",
      atmExpired: "This receipt number has expired",
      atmCancelled: "This receipt number has been canceled",
      walletAmount: "The amount must be a whole number of yen from ¥1 to ¥{max, number}",
    },
  },
  sandboxAtm: {
    title: "Seven Bank ATM (sandbox)",
    lead: "This page stands in for a Seven Bank ATM during development and testing. Enter the receipt number and confirmation number shown when the withdrawal was requested, and the cash counts as taken.",
    receipt: "Receipt number",
    receiptHint: "10 digits",
    confirmation: "Confirmation number",
    confirmationHint: "4 digits",
    submit: "Take the cash",
    dispensed: "Please take your cash: {amount}",
    dispensedNote: "This receipt number is now used.",
    language: "日本語",
    expire: "Let it expire without taking the cash (testing)",
    expired: "The receipt number for {amount} has expired",
    expiredNote: "The amount and the fee go back to the proceeds of the person who asked for the payout.",
  },
};
