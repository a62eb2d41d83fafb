import type { Messages } from "../../messages.ts";

export const enBuybackOffice: Pick<Messages, "buybackOffice"> = {
  buybackOffice: {
    nav: {
      buybackGrading: "Buyback grading",
      buybackDeliveries: "Buyback deliveries",
      buybackCompanies: "Buyer companies",
      buybackSpots: "Drop-off spots",
      dealerLedger: "Dealer ledger",
    },
  },
};
