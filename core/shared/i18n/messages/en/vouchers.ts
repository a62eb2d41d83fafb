import type { Messages } from "../../messages.ts";

/**
 * The payment vouchers' words (konbini and Pay-easy): amounts a provider refuses, vouchers that can no
 * longer be paid, and the voucher sandbox's page.
 */
export const enVouchers: Pick<Messages, "vouchers"> = {
  vouchers: {
    errors: {
      cvsAmount: "Convenience store payments can be from ¥1 to ¥{max, number}",
      payeasyAmount: "Pay-easy payments can be from ¥1 to ¥{max, number}",
      expired: "This payment number is past its deadline",
      cancelled: "This payment number has been canceled",
    },
    sandbox: {
      title: "How to pay (sandbox)",
      lead: "For development and testing, this page stands in for the payment provider's how-to-pay page. No real money moves. The buttons make the voucher paid, as if at the till or an ATM, or let its deadline pass.",
      language: "日本語",
      cvsAt: "Convenience store ({store})",
      payeasy: "Pay-easy",
      store: "Pay at",
      amount: "Amount",
      deadline: "Pay by",
      status: "Status",
      statuses: {
        pending: "Awaiting payment",
        paid: "Paid",
        expired: "Expired",
        cancelled: "Canceled",
      },
      loppiCode: "Payment reception number",
      loppiPhone: "Phone number (confirmation)",
      famiportSecond: "Second number (order number)",
      famiportFirst: "First number (company code)",
      customerNumber: "Customer number",
      institutionNumber: "Collecting institution number",
      confirmationNumber: "Confirmation number",
      howToCvs:
        "Enter the numbers at the in-store terminal (Loppi at Lawson and Ministop, the multi-copy machine at FamilyMart), then pay at the till within 30 minutes with the slip it prints. At Seicomart, tell the numbers at the till.",
      howToPayeasy: "Enter the three numbers at an ATM showing the Pay-easy mark, or in your online banking.",
      pay: "Pay (sandbox)",
      expire: "Make it expire",
      paidAt: "Paid at",
      closed: "This payment number can no longer be used to pay.",
    },
  },
};
