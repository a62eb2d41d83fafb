import type { Messages } from "../../messages.ts";

/** The member's to-do list on the home page and my page. */
export const enToDo: Pick<Messages, "toDo"> = {
  toDo: {
    title: "To do",
    label: "Things waiting for you",
    lead: "{count, plural, one {# thing is} other {# things are}} waiting for you",
    none: "Nothing needs your attention right now.",
    all: "See all",
    waited: {
      minutes: "Waiting {count, plural, one {# minute} other {# minutes}}",
      hours: "Waiting {count, plural, one {# hour} other {# hours}}",
      days: "Waiting {count, plural, one {# day} other {# days}}",
    },
    due: "By {date}",
    tags: {
      trade: "Trade",
      offer: "Offer",
      buybackOffer: "Buyback",
      atmCode: "Payout",
      payoutReturned: "Payout",
      bankAccountNeeded: "Proceeds",
      proceedsDeadline: "Proceeds",
    },
    kinds: {
      trade: {
        ship: "Ship “{title}”",
        rate: "Rate the other party for “{title}”",
        answerCancel: "Answer the cancellation request for “{title}”",
      },
      offer: {
        answerOffer: "A buyer offers {amount} for “{title}”: accept, counter or decline it",
        answerCounter: "The seller of “{title}” answered with {amount}: accept or decline it",
        buy: "“{title}” is held for you at {amount}: complete the purchase before the hold ends",
      },
      buybackOffer: "We offer {amount} for your {model}: accept or decline it",
      atmCode: "Take your {amount} in cash at a Seven Bank ATM",
      payoutReturned: {
        FAILED:
          "Your payout of {amount} could not be transferred and is back in your proceeds. Check your bank account and request it again",
        EXPIRED: "Your ATM code expired and {amount} is back in your proceeds. Request the payout again",
      },
      bankAccountNeeded:
        "Register a bank account so we can transfer {amount} of proceeds past their deadline",
      proceedsDeadline: "{amount} of proceeds reach their deadline on {date}. Use or withdraw them by then",
    },
  },
};
