import type { Messages } from "../../messages.ts";

/** The notification settings page, the push notices and the price-drop mail. */
export const enNotifySettings: Pick<Messages, "notifySettings" | "notifyPush" | "notifyMail"> = {
  notifySettings: {
    menu: "Notifications",
    title: "Notification settings",
    intro:
      "Notifications always arrive under Notifications in the app. Choose which kinds you also want by email or push.",
    kindsLabel: "How you receive each kind of notification",
    kind: "Kind",
    mail: "Email",
    push: "Push",
    topics: {
      messages: "Transaction messages",
      offers: "Offers and price negotiations",
      sales: "Purchases, shipping and ratings",
      price_drops: "Price drops on items you liked",
      buyback: "Buyback offers",
    },
    mailFor: "{topic} by email",
    pushFor: "{topic} as push notifications",
    save: "Save",
    saved: "Notification settings saved",
    invalid: "We could not read the notification settings. Please try again.",
    browserTitle: "Push notifications in this browser",
    browserToggle: "Receive push notifications in this browser",
    browserOn: "This browser receives push notifications.",
    browserOff: "This browser does not receive push notifications.",
    browserHint: "When on, the kinds you chose “Push” for above arrive in this browser.",
    turnOn: "Turn on push notifications",
    turnOff: "Turn off push notifications",
    working: "Setting up…",
    unsupported:
      "This browser does not support push notifications. On iPhone and iPad, add the site to your Home Screen from Safari's Share menu and open it from there.",
    denied:
      "Notifications are blocked for this site in this browser. Allow notifications in the browser's site settings, then try again.",
    failed: "We could not set up push notifications. Please try again later.",
    turnedOn: "This browser will now receive push notifications",
    turnedOff: "Push notifications are off in this browser",
  },
  notifyPush: {
    title: "Tsugu",
    other: "You have a new notification",
    message: "New message in the transaction for “{title}”",
    sales: "Update on the transaction for “{title}”",
    buyback: "Buyback update: {title}",
  },
  notifyMail: {
    notice: { subject: "{body}" },
    priceDrop: {
      subject: "Price drop on an item you liked: {title}",
      body: "“{title}”, which you liked, went down from {from} to {to}.\n\nSee the item:",
      settings: "Change which emails you receive in your notification settings:",
    },
  },
};
