import type { Messages } from "../../messages.ts";

/** The core's words about listings (`listing.*`): field labels, device facts and defects, the sell rules' errors (decision 020). */
export const enListing: Pick<Messages, "listing"> = {
  listing: {
    fields: {
      title: "Title",
      description: "Description",
      price: "Price",
      categoryCode: "Category",
      brandCode: "Brand",
      modelId: "Model",
      condition: "Condition",
      postage: "Shipping cost",
      shippingMethod: "Shipping method",
      leadTime: "Days to ship",
      storageGb: "Storage",
      color: "Colour",
      carrier: "Carrier",
      imei: "IMEI",
      networkRestriction: "Network restriction",
      activationLock: "Activation lock",
      batteryHealth: "Battery health",
      defects: "Defects",
      photos: "Photos",
      photoIds: "Photo order",
    },
    carriers: {
      docomo: "docomo",
      au: "au",
      softbank: "SoftBank",
      rakuten: "Rakuten Mobile",
      ymobile: "Y!mobile",
      uq: "UQ mobile",
      simfree: "SIM-free",
      other: "Other",
    },
    networkRestrictions: {
      none: "○ (no restriction)",
      instalments: "△ (instalments unpaid)",
      restricted: "× (restricted)",
      notApplicable: "− (not applicable)",
    },
    activationLocks: {
      off: "Off",
      on: "On",
      unknown: "Unknown",
    },
    colors: {
      black: "Black",
      white: "White",
      silver: "Silver",
      gray: "Gray",
      gold: "Gold",
      blue: "Blue",
      red: "Red",
      green: "Green",
      purple: "Purple",
      pink: "Pink",
      yellow: "Yellow",
      other: "Other",
    },
    defects: {
      screenCracked: "Cracked screen",
      displayFaulty: "Display faults",
      touchFaulty: "Touch faults",
      cameraFaulty: "Camera faults",
      biometricsFaulty: "Face ID / Touch ID not working",
      batterySwollen: "Swollen battery",
      waterDamage: "Water damage",
      chargingPortFaulty: "Charging port faults",
      audioFaulty: "Speaker / microphone faults",
      buttonsFaulty: "Button faults",
      noPower: "Won't power on",
    },
    price: {
      courierMinimum: "With Tsugu delivery the price must be at least ¥{min, number}",
      identityRequired: "Identity verification is required to list at ¥50,000 or more",
    },
    modelMismatch: "The chosen model does not belong to this brand",
    contradictions: {
      title: "The details of this listing contradict each other",
      networkRestricted:
        "You are listing the phone as having no defects, but its network restriction is ×. A restricted phone may not work with the buyer's SIM card.",
      activationLocked:
        "You are listing the phone as having no defects, but its activation lock is on. A phone that is still locked cannot be used by the buyer.",
      advice:
        "Check the condition, the defects and the description. If everything is right, tick the box below to list it.",
      confirmLabel: "I have checked the details. List it as it is",
      confirmRequired: "Correct the details, or tick “List it as it is”",
      editFirst:
        "The details of this listing contradict each other. Check them under “Edit listing” before you list it",
    },
    photos: {
      required: "Add at least one photo",
      tooMany: "A listing can have at most {max} photos",
      keepOne: "A listing needs at least one photo. Add another one before removing this one",
      unknown: "Some photos do not belong to this listing. Please reload the page",
      order: "List every photo of this listing exactly once",
    },
    states: {
      notAllowed: "This listing cannot do that now",
      sold: "A sold item cannot be edited or deleted",
    },
    maySell: {
      membersOnly: "Only members can list items; business and staff accounts cannot",
      setupFirst: "Register your address and where to send your proceeds before listing",
    },
    publishAfterSetup: {
      notRequested: "This listing is not a draft waiting to go on sale after your registration",
    },
    copy: {
      notCopyable: "Only a sold listing or one you stopped can be listed again with the same details",
    },
    templates: {
      name: "Template name",
      limitReached: "You can keep up to {max} templates. Delete one you no longer need, then save",
    },
    savedSearches: {
      limitReached: "You can save up to {max} searches. Delete one you no longer need",
      nothingToSave: "Enter a keyword or a filter before saving the search",
      unknownAlert: "Choose how to be told: in the app, by email, or off",
    },
  },
};
