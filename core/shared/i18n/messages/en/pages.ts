import type { Messages } from "../../messages.ts";

export const enPages: Pick<Messages, "about" | "company" | "aboutFlema" | "flema" | "legal"> = {
  about: {
    title: "About Tsugu",
    description:
      "Tsugu is a marketplace and buyback service that passes even broken phones on to their next owner through repair and reuse. Our services, our vision and our company.",
    heroTitle: "Even a broken phone has a next owner.",
    heroBody:
      "A cracked screen, a phone that won't turn on, an old device in a drawer: as parts or as material for repair, they are worth something to someone. Tsugu passes that value on.",
    servicesTitle: "Services",
    flemaName: "Tsugu Marketplace",
    flemaBody:
      "A marketplace where people buy and sell junk, used and repaired phones and devices. The IMEI and a defects checklist show each device's condition at a glance.",
    buybackName: "Tsugu Buyback",
    buybackBody:
      "Send us your device and we offer a price based on live bids from business buyers, with identity checks as the Secondhand Articles Dealer Act requires.",
    seeDetail: "See details",
    visionTitle: "Vision",
    visionHeading: "Building a no-waste civilization.",
    visionBody1:
      "The world produces about 62 million tons of electronic waste a year, and only about 20% of it is properly recycled.",
    visionBody2:
      "Parts that still work and devices that would run again after a repair are thrown away. We want repair and reuse to be the normal thing to do, and to build a civilization that does not waste.",
    visionButton: "Read our articles",
    companyTitle: "Company overview",
    companyName: "Company name",
    established: "Established",
    business: "Business",
    representative: "Representative",
    address: "Address",
    dealerLicence: "Secondhand dealer licence",
    legalAdviser: "Legal adviser",
    contactTitle: "Contact",
    contactBody:
      "For questions about the service or press enquiries, please write to us at the address below.",
    contactEmail: "Email",
    contactHours: "Hours",
  },
  company: {
    title: "Company",
    description: "About Tsugu Inc., the company that runs Tsugu.",
    lead: "Tsugu is run by the following company.",
    phone: "Phone",
    email: "Email",
    relatedTitle: "Related",
  },
  aboutFlema: {
    title: "About Tsugu Marketplace",
    description:
      "How Tsugu Marketplace for junk and used phones works, what it costs, and how we keep trading safe.",
    lead: '"Junk" should not be the end of the description. A marketplace where a device\'s condition is told honestly and received as described.',
    howTitle: "How it works",
    step1Title: "List",
    step1Body:
      "Enter the IMEI and we fill in the maker and model when the device is in our model data. Pick any defects from a checklist.",
    step2Title: "Ship when it sells",
    step2Body: "When someone buys, ship it the way you chose on the listing.",
    step3Title: "Rate and finish",
    step3Body: "When the buyer rates the receipt, the sale completes and the price becomes your proceeds.",
    feesTitle: "Fees",
    feeSales: "Sales fee: {rate}% of the price",
    feeListing: "Listing and buying: free",
    feeTransfer: "Withdrawal fees: bank transfer ¥{bank} / Seven Bank ATM ¥{cvs} / Kyash ¥{wallet}",
    safetyTitle: "Trading safely",
    safety1:
      "We check the check digit of each IMEI listed. The IMEI checker shows the network-restriction status of devices in our model data.",
    safety2: "Listing an item above ¥{threshold} requires identity verification.",
    safety3: "Tsugu holds the payment until the sale completes.",
    cta: "Start trading",
  },
  flema: {
    title: "Marketplace for junk and used phones",
    description:
      "Cracked screens, water damage, phones that won't start: buy and sell junk, used and repaired phones on Tsugu Marketplace, with every defect listed.",
    heroTitle: "A phone that doesn't work\ncan still be someone's phone.",
    heroBody: "Cracked screens, worn batteries, phones that won't start: list them as they are.",
    browse: "Browse items",
    sell: "Sell",
    pointsTitle: "Why Tsugu Marketplace",
    point1Title: "Condition at a glance",
    point1Body:
      "Screen, touch, cameras, battery, water damage: defects listed one by one, and every one is a search filter.",
    point2Title: "Model from the IMEI",
    point2Body:
      "Enter the IMEI and we fill in the maker and model when the device is in our model data. The IMEI checker also shows its network-restriction status.",
    point3Title: "Pay only when it sells",
    point3Body: "Listing is free. When an item sells, the fee is {rate}% of the price.",
    categoriesTitle: "Browse by category",
    imeiTitle: "Check the IMEI before you list",
    imeiBody: "See whether an IMEI is valid, which model it is and its network-restriction status.",
    imeiLink: "Open the IMEI checker",
    learnMore: "More about Tsugu Marketplace",
  },
  legal: {
    effective: "Effective",
    contents: "Contents",
  },
};
