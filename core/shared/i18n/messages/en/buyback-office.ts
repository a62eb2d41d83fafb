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
    companies: {
      title: "Buyer companies",
      lead: "The companies that bid as business buyers of the buyback service, and the invitations of their buyers.",
      add: "Add a company",
      newTitle: "Add a buyer company",
      backToList: "Back to the buyer companies",
      empty: "No company yet.",
      listLabel: "Buyer companies",
      columns: {
        name: "Company",
        invoiceNumber: "Registration number",
        address: "Address",
        phone: "Phone",
        dealerLicence: "Dealer licence",
        buyers: "Buyers",
      },
      none: "None",
      buyerCount: "{count, plural, one {# buyer} other {# buyers}}",
      fields: {
        name: "Company name",
        invoiceNumber: "Qualified invoice issuer registration number",
        address: "Address",
        phone: "Phone number",
        dealerLicence: "Secondhand dealer licence (commission and number)",
      },
      hints: {
        invoiceNumber:
          "T and 13 digits (e.g. T1234567890123). Leave it empty for a company that is not registered.",
        phone: "With or without hyphens.",
        dealerLicence: "e.g. Tokyo Metropolitan Public Safety Commission No. 301010000001",
      },
      save: "Save",
      create: "Add",
      saved: "The company is saved.",
      created: "The company is added. You can invite its buyers now.",
      buyers: {
        title: "Buyers",
        empty: "No buyer yet. Invite one with the form below.",
        setup: "Set up",
        notSetUp: "Not set up yet",
        joined: "joined {date}",
      },
      invite: {
        title: "Invite a buyer",
        lead: "We send a registration link to this address. It works once, for 7 days.",
        email: "Email address",
        submit: "Send the invitation",
        sent: "The invitation is sent.",
      },
      invitations: {
        title: "Unused invitations",
        empty: "No unused invitation.",
        company: "Company",
        sentAt: "sent {date}",
        expiresAt: "valid until {date}",
        expired: "Expired",
        resend: "Send again",
        cancel: "Withdraw",
        cancelConfirm: "Withdraw this invitation? The link already sent will stop working.",
        resent: "The invitation is sent again. The earlier link no longer works.",
        canceled: "The invitation is withdrawn.",
      },
      errors: {
        notFound: "Company not found",
        invitationNotFound: "The invitation was not found or has been used",
        invoiceNumber: "Enter the registration number as T and 13 digits",
        hasAccount: "This email address already has a Tsugu account. Invite another address",
        alreadyInvited:
          "A valid invitation was already sent to this address. Send it again from the list if needed",
      },
    },
  },
};
