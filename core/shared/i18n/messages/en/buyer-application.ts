/** A company's application to become a business buyer: the form, its answers and its mails. */
export const enBuyerApplication = {
  buyerApplication: {
    title: "Apply to become a business buyer",
    lead: "For companies that buy used devices. If your company holds a secondhand dealer licence, apply here. We review each application and e-mail you a sign-up link once it is approved.",
    invited: "If you received an invitation e-mail, sign up from the link in it.",
    haveAccount: "Already registered?",
    login: "Log in",
    companySection: "Your company",
    contactSection: "Contact person",
    buyingSection: "What you plan to buy",
    fields: {
      companyName: "Company name",
      licenceNumber: "Secondhand dealer licence number",
      licenceCommission: "Issuing public safety commission",
      address: "Address",
      contactName: "Contact person",
      email: "Email address",
      phone: "Phone number",
      monthlyVolume: "Expected devices a month",
      categories: "Categories you buy",
      declineReason: "Reason for declining",
    },
    hints: {
      companyName: "The registered name of the company (e.g. Tsugu Trading Co., Ltd.)",
      licenceNumber:
        "The 12-digit number on the licence (e.g. 第301010000001号). You may leave out 第 and 号.",
      licenceCommission: "The prefecture whose public safety commission issued the licence.",
      email: "We send the result of the review and the sign-up link to this address.",
      phone: "With or without hyphens.",
      categories: "Choose all that apply.",
    },
    commission: "{prefecture} Public Safety Commission",
    volumes: {
      under10: "Fewer than 10",
      "10to49": "10–49",
      "50to199": "50–199",
      "200plus": "200 or more",
    },
    submit: "Apply",
    sent: {
      title: "We have received your application",
      body: "Your application number is {id}. We have sent a confirmation to {email}.",
      nextTitle: "What happens next",
      step1: "Our staff check your application and your dealer licence (usually within 3 business days).",
      step2:
        "Once approved, we e-mail you a sign-up link. Register the contact person's name from it and you can start bidding.",
      step3: "If we cannot accept the application, we e-mail you the reason.",
      noMail: "If the e-mail does not arrive, please check your spam folder.",
      back: "Back to the buyback service",
    },
    errors: {
      licenceNumber: "Enter the secondhand dealer licence number as 12 digits",
      categories: "Choose at least one category you buy",
      pendingEmail:
        "We have already received an application from this email address and are reviewing it. We will e-mail you the result; please wait for it",
      pendingLicence:
        "We have already received an application with this licence number and are reviewing it. We will e-mail you the result; please wait for it",
      decided: "This application has already been decided",
    },
    mail: {
      received: {
        subject: "[Tsugu Buyback] We have received your application as a business buyer (No. {id})",
        body: "{companyName}\nDear {contactName},\n\nThank you for applying to become a business buyer on the Tsugu buyback service.\nApplication number: {id}\n\nOur staff will check your application and your dealer licence (usually within 3 business days).\nOnce it is approved, we will send a sign-up link to this address. If we cannot accept it, we will tell you why.",
      },
      declined: {
        subject: "[Tsugu Buyback] About your application as a business buyer (No. {id})",
        body: "{companyName}\nDear {contactName},\n\nThank you for applying to become a business buyer on the Tsugu buyback service.\nAfter review, we are unable to accept your application this time.\n\nReason:\n{reason}\n\nYou are welcome to apply again once the points above are addressed.",
      },
    },
  },
};
