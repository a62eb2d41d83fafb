import type { Messages } from "../../messages.ts";

export const enBuybackBuyer: Pick<Messages, "buybackBuyer"> = {
  buybackBuyer: {
    layout: {
      navLabel: "Buyer menu",
      signedInAs: "signed in as {name}",
      logout: "Log out",
      nav: {
        deliveries: "Deliveries",
        products: "Products",
        bids: "Bid prices",
        account: "Account settings",
      },
    },
  },
};
