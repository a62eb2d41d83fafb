import { MIN_PRICE, MIN_PRICE_WITH_COURIER, SALES_FEE_RATE_PERCENT } from "#core/catalog/codes.ts";
import { PAYOUT_FEES } from "#core/money/balance/fees.ts";
import type { CompanyFacts } from "#core/shared/company.ts";
import type { LawsNotation, LegalDocument } from "./document.ts";

const yen = (n: number) => `¥${n.toLocaleString("en-US")}`;
const revised = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const note = "This English translation is provided for convenience; the Japanese text prevails.";

export const enTerms = (c: CompanyFacts): LegalDocument => ({
  title: "Terms of Service",
  description: `The terms on which you use the ${c.serviceName} marketplace and buyback service.`,
  lead: `These Terms of Service ("Terms") set out the conditions for using the marketplace, the buyback service and related services (together, the "Service") provided by ${c.name} ("we" or "us"). Please read them before using the Service. ${note}`,
  sections: [
    {
      heading: "Article 1 (Scope)",
      blocks: [
        "These Terms apply to every relationship between us and the people who use the Service.",
        "Guidelines, help pages and other rules we publish on the Service form part of these Terms. Where they differ from these Terms, the specific rule prevails.",
      ],
    },
    {
      heading: "Article 2 (Membership)",
      blocks: [
        "To become a member, agree to these Terms and apply in the way we set out; membership begins when we accept the application.",
        "Minors may use the Service only with the consent of a parent or other legal guardian.",
        "We may refuse an application, without giving reasons, in cases such as the following:",
        {
          list: [
            "the application contains false, mistaken or missing information",
            "the applicant was suspended before for breaching these Terms",
            "we find the applicant to be, or to be involved with, an anti-social force",
            "we otherwise judge the registration inappropriate",
          ],
        },
      ],
    },
    {
      heading: "Article 3 (Your account)",
      blocks: [
        "You are responsible for your email address and password and must not let anyone else use, borrow or take over your account.",
        "Unless we acted intentionally or with gross negligence, we are not liable for losses caused by someone else using your account.",
      ],
    },
    {
      heading: "Article 4 (Sales on the marketplace)",
      blocks: [
        "A sale on the marketplace is a contract made directly between the seller and the buyer. We provide the place for the sale and are not a party to it.",
        "Sellers must describe a device's condition as it is, including defects such as a cracked screen, water damage or failure to start, network-use restrictions and activation lock.",
        "Items listed as junk are sold on the understanding that no operation or function is guaranteed. Buyers should check the description and photos carefully before buying.",
        `Prices start at ${yen(MIN_PRICE)} (${yen(MIN_PRICE_WITH_COURIER)} when shipped by courier).`,
        "Buyers check the item promptly on arrival and rate the receipt. The rating completes the transaction and the price becomes the seller's proceeds.",
      ],
    },
    {
      heading: "Article 5 (Fees and proceeds)",
      blocks: [
        `When an item sells, the seller pays us a sales fee of ${SALES_FEE_RATE_PERCENT}% of the price, deducted from the proceeds.`,
        `Withdrawing proceeds costs ${yen(PAYOUT_FEES.bank)} by bank transfer, ${yen(PAYOUT_FEES.seven)} for cash at a Seven Bank ATM and ${yen(PAYOUT_FEES.kyash)} to a mobile wallet.`,
        "Please withdraw proceeds or exchange them for points within 180 days of the transaction's completion; after that they are exchanged for points in the way we set out.",
      ],
    },
    {
      heading: "Article 6 (Buyback)",
      blocks: [
        "In the buyback service we buy devices from you. As the Secondhand Articles Dealer Act requires, we verify your identity (name, address, occupation and age) before buying.",
        "We offer a price based on the device's condition and business buyers' bids. The sale is concluded when you accept the offer.",
        "If you do not accept the offer, we return the device at our expense.",
        "We do not accept stolen or lost devices, devices under a network-use restriction or other devices we judge unsuitable.",
      ],
    },
    {
      heading: "Article 7 (Prohibited conduct)",
      blocks: [
        "When using the Service you must not:",
        {
          list: [
            "break the law or public order and morals",
            "list stolen, counterfeit or unlawfully obtained devices or any goods whose sale is prohibited by law",
            "misrepresent an item's condition, for example by using another device's IMEI or photos",
            "lead others to trade outside the Service, including to outside payment",
            "defame, harass or impersonate other users",
            "access our systems without authorisation or place an excessive load on them",
            "do anything else we reasonably judge inappropriate",
          ],
        },
      ],
    },
    {
      heading: "Article 8 (Suspension)",
      blocks: [
        "If you breach these Terms we may, without notice, remove listings, stop transactions, suspend your account or end your membership.",
      ],
    },
    {
      heading: "Article 9 (Disclaimer)",
      blocks: [
        "We do not warrant that the Service is free of factual or legal defects.",
        "Disputes between users are to be settled between them; we will check facts and help mediate where needed.",
        "Unless we acted intentionally or with gross negligence, our liability for any loss caused by our breach or tort is limited to the price of the transaction concerned. This limit does not apply where the Consumer Contract Act or other law does not allow it.",
      ],
    },
    {
      heading: "Article 10 (Changes)",
      blocks: [
        "We may change these Terms in accordance with the Civil Code. We will announce the change and its effective date on the Service in advance.",
      ],
    },
    {
      heading: "Article 11 (Governing law and jurisdiction)",
      blocks: [
        "These Terms are governed by Japanese law. The Tokyo District Court has exclusive jurisdiction in the first instance over any dispute about the Service.",
      ],
    },
  ],
  closing: `Last revised ${revised(c.legalRevisions.terms)}`,
});

export const enPrivacy = (c: CompanyFacts): LegalDocument => ({
  title: "Privacy Policy",
  description: `How ${c.name} handles the personal information it keeps for ${c.serviceName}.`,
  lead: `${c.name} ("we") handles the personal information it keeps for the Service properly, in accordance with the Act on the Protection of Personal Information and other applicable laws, as set out below. ${note}`,
  sections: [
    {
      heading: "1. Information we collect",
      blocks: [
        {
          list: [
            "At sign-up: email address, nickname and password (stored only as a hash)",
            "For transactions and shipping: name, address, phone number and bank account",
            "For identity verification: images of an identity document and of your face, date of birth and occupation (as the Secondhand Articles Dealer Act and the Act on Prevention of Transfer of Criminal Proceeds require)",
            "About listings and transactions: listing contents, IMEI, photos, comments, ratings and history",
            "About your device: IP address, browser type, cookies and access times",
          ],
        },
      ],
    },
    {
      heading: "2. Why we use it",
      blocks: [
        {
          list: [
            "to provide the Service, verify identity, and complete sales, shipping and payment",
            "to keep the transaction record (secondhand dealer's ledger) required by the Secondhand Articles Dealer Act",
            "to prevent and investigate misuse, such as the sale of stolen goods or impersonation",
            "to answer enquiries and send important notices",
            "to improve the Service, develop features and analyse usage statistically",
          ],
        },
      ],
    },
    {
      heading: "3. Sharing with third parties",
      blocks: [
        "We do not give personal information to third parties without your consent, except:",
        {
          list: [
            "the name, address and phone number your trading partner needs for shipping",
            "where the law requires it, including enquiries from investigating authorities and reports to the police under the Secondhand Articles Dealer Act",
            "where needed to protect a person's life, body or property and your consent is hard to obtain",
          ],
        },
      ],
    },
    {
      heading: "4. Service providers",
      blocks: [
        "We entrust payment, shipping, identity verification, email delivery and data storage to outside providers under contracts that include confidentiality, and we supervise them.",
      ],
    },
    {
      heading: "5. Security",
      blocks: [
        "Passwords and login codes are stored only as hashes; identity documents are kept apart, where nothing is published. Access is limited to the staff who need it, and all traffic is encrypted.",
        "Ledger records are kept for 3 years from the transaction, as the Secondhand Articles Dealer Act requires.",
      ],
    },
    {
      heading: "6. Cookies",
      blocks: [
        "We use cookies to keep you logged in and to remember your language. You can turn cookies off in your browser, but then logging in and some other features will not work.",
      ],
    },
    {
      heading: "7. Your requests",
      blocks: [
        `You may ask us to disclose, correct, add to, delete or stop using or sharing the personal data we hold about you. We will confirm that you are the person concerned and respond promptly as the law requires. Write to ${c.privacyEmail}.`,
      ],
    },
    {
      heading: "8. Contact",
      blocks: [
        `${c.name}, Personal Information Desk`,
        c.address,
        `Email: ${c.privacyEmail} (${c.supportHours})`,
        `If you are not satisfied with our answer, you may also contact ${c.privacyAuthority}.`,
      ],
    },
    {
      heading: "9. Changes",
      blocks: [
        "We may revise this policy when laws or the Service change, and will announce important changes on the Service.",
      ],
    },
  ],
  closing: `Last revised ${revised(c.legalRevisions.privacy)}. ${c.name}, ${c.representative}`,
});

export const enLaws = (c: CompanyFacts): LawsNotation => ({
  title: "Notation under the Specified Commercial Transactions Act",
  description: `The seller, fees, payment, delivery and returns of ${c.serviceName}, as the Specified Commercial Transactions Act requires.`,
  lead: `On the marketplace, items that members sell as individuals are sold by those members. The notation below covers what we ourselves provide (the sales fee, purchases of points, and devices we bought through buyback and resell). ${note}`,
  rows: [
    { term: "Business name", value: [c.name] },
    { term: "Responsible person", value: [c.responsiblePerson] },
    { term: "Address", value: [c.address] },
    {
      term: "Phone",
      value: [
        `${c.phone} (${c.supportHours})`,
        "For questions about a transaction, please write to us by email where you can.",
      ],
    },
    { term: "Email", value: [c.email] },
    { term: "Secondhand dealer licence", value: [c.dealerLicence] },
    {
      term: "Prices",
      value: [
        "As shown on each item's page, consumption tax included. Points cost ¥1 each; the amount is shown on the purchase screen.",
      ],
    },
    {
      term: "Other fees",
      value: [
        {
          list: [
            "Shipping: paid by the seller when the listing says shipping included, and by the buyer on delivery when it says shipping paid by the buyer (着払い)",
            `Sales fee: ${SALES_FEE_RATE_PERCENT}% of the price, paid by the seller and deducted from the proceeds`,
            `Withdrawal fees: bank transfer ${yen(PAYOUT_FEES.bank)}, cash at a Seven Bank ATM ${yen(PAYOUT_FEES.seven)}, mobile wallet ${yen(PAYOUT_FEES.kyash)}`,
            "Payment fees for buying points at a convenience store or by Pay-easy: shown on the purchase screen",
            "Your internet connection charges",
          ],
        },
      ],
    },
    {
      term: "Payment methods",
      value: ["Credit card, convenience-store payment, Pay-easy, Tsugu points (including proceeds)"],
    },
    {
      term: "When you pay",
      value: [
        "Credit card: payment is confirmed when you complete the purchase",
        "Convenience store and Pay-easy: pay with the number shown within 3 days of ordering",
      ],
    },
    {
      term: "Delivery",
      value: [
        "Marketplace items: the seller ships within the lead time shown on the item (1–2, 2–3 or 4–7 days)",
        "Points: added to your balance as soon as payment is confirmed",
      ],
    },
    {
      term: "Returns and cancellation",
      value: [
        "Because of the nature of the goods, we do not accept returns or cancellations for the customer's convenience.",
        "If an item arrives clearly different from its description, do not rate the receipt; contact us from the transaction screen within 7 days of arrival. We will check the facts and guide you through a return and refund.",
        "A fault in an item listed as junk is not a reason for return.",
      ],
    },
    { term: "Supported browsers", value: ["The latest Safari, Google Chrome, Microsoft Edge or Firefox."] },
  ],
  closing: `Last revised ${revised(c.legalRevisions.laws)}`,
});
