import type { Messages } from "../../messages.ts";

/** The help centre: its home, search, articles, the small links pages carry, and the visitors' contact form. */
export const enHelp: Pick<Messages, "help" | "helpContact"> = {
  help: {
    title: "Help centre",
    description:
      "Answers and how-tos for buying, selling, shipping, buyback, proceeds and your account on Tsugu.",
    lead: "Search with a few words, or choose an article from a section.",
    searchLabel: "Search help",
    searchPlaceholder: "e.g. postage, refund",
    searchSubmit: "Search",
    results: "{count} results for “{query}”",
    partial: "No article has all of those words; these match some of them.",
    noResults: "No article matches “{query}”. Try fewer or other words.",
    clearSearch: "Clear the search and see the sections",
    sections: {
      buying: "Buying",
      selling: "Selling",
      shipping: "Shipping",
      buyback: "Buyback",
      balance: "Points, proceeds and payouts",
      account: "Your account",
      safety: "Safety",
    },
    related: "More in this section",
    backToHelp: "Back to the help centre",
    contactTitle: "Still need help?",
    contactBody: "If the articles do not answer your question, send us a message.",
    contactLink: "Contact us",
    link: "Help",
    breadcrumb: "Breadcrumb",
  },
  helpContact: {
    title: "Contact us",
    description: "Send Tsugu a question. No account needed.",
    lead: "Tell us your question or problem. We answer by mail to the address you give.",
    memberNote: "Logged in? Use the members' form, where you can choose the sale your question is about.",
    name: "Name",
    email: "Email address",
    emailHint: "We send our answer here",
    category: "Topic",
    subject: "Subject",
    body: "Your message",
    bodyHint: "Up to 2,000 characters. Never write a password or a card number.",
    submit: "Send",
    sentTitle: "We have your message",
    sent: "Your reference number is {id}. Our staff will read it and answer by mail to {email}.",
    sentNote: "If no mail arrives, check your spam folder too.",
    fields: {
      name: "Name",
      email: "Email address",
      category: "Topic",
      subject: "Subject",
      body: "Your message",
    },
    mail: {
      answeredSubject: "[Tsugu] Our answer to your question (ref. {id})",
      answeredBody:
        "Dear {name},\n\nThank you for contacting Tsugu. Here is our answer about “{subject}” (ref. {id}).\n\n{answer}\n\nIf you have more questions, write to us through the contact form and mention this reference number.\n{url}",
    },
  },
};
