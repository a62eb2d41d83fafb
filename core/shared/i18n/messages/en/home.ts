import type { Messages } from "../../messages.ts";

export const enHome: Pick<Messages, "home"> = {
  home: {
    title: "Marketplace and buyback for used and broken phones",
    heroTitle: "Broken phones deserve a next owner.",
    heroBody:
      "Cracked screens, water damage, swollen batteries, phones that won't turn on. Tsugu is a marketplace for used, broken and repaired devices, and a buyback service where businesses bid on yours.",
    ctaSignup: "Sign up free",
    ctaLogin: "Log in",
    ctaMypage: "Go to my page",
    welcome: "Welcome, {nickname}",
    savedSearchTitle: "New for “{keyword}”",
    savedSearchTitleNoKeyword: "New for your saved search",
    savedSearchLabel: "New listings matching your saved search",
    savedSearchAll: "See all",
    savedSearchNone:
      "Nothing on sale matches your saved search right now. We'll let you know when something is listed.",
    featuresTitle: "Why Tsugu",
    feature1Title: "Know the device at a glance",
    feature1Body:
      "IMEI checksum, network restriction status (○ △ × −), activation lock, battery health and a defects checklist. Filter by any of them.",
    feature2Title: "Buyback from live business bids",
    feature2Body: "Buyback prices come from what business buyers bid right now, not from a fixed table.",
    feature3Title: "Identity checks and dealer ledger",
    feature3Body:
      "Identity verification and the secondhand dealer ledger that Japanese law requires are built in.",
    missionTitle: "Toward a no-waste civilization",
    missionBody:
      "About 62 million tons of electronic waste are produced every year, and only about 20% is properly recycled. Through repair and reuse, we pass devices on to where they can be used again.",
    quote: {
      kicker: "Tsugu Buyback",
      title: "See what your phone is worth now",
      lead: "Choose a model and its condition to see a price range from what business buyers bid right now. No account needed to look.",
      filter: "Filter models by name",
      filterPlaceholder: "e.g. iPhone 13",
      model: "Model",
      condition: "Condition",
      submit: "See prices",
      conditions: {
        unused: "Unused (no signs of use)",
        like_new: "No visible scratches or marks",
        used: "Small scratches or scuffs",
        worn: "Visible scratches, marks or dents",
        screen: "Cracked screen or display fault",
        no_power: "Does not turn on",
      },
      result: "Price guide for {model} ({condition})",
      range: "{min}–{max}",
      rangeNote:
        "A guide from the highest bids business buyers have placed now. A worn battery can bring it towards the lower end. The price is set after we inspect the device, and you can still say no.",
      none: "Nobody bids on this model in this condition right now. Bids change daily, so you can still apply; if there is still no bid when we inspect it, we cannot buy it and send the device back.",
      apply: "Apply for buyback with these details",
      more: "More about the buyback service",
      nothing: "No model has a buyback price right now. See the buyback page for the latest.",
      modelRequired: "Choose a model",
      conditionRequired: "Choose the condition",
      bannerTitle: "Sell a phone you no longer use",
      bannerBody: "Business buyers bid even on cracked phones and ones that won't turn on.",
      bannerLink: "Check buyback prices",
    },
  },
};
