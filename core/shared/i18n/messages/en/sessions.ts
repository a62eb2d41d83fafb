import type { Messages } from "../../messages.ts";

/** The list of signed-in devices, the new-device mail, and the identity errors of the spec's §8 catalogue. */
export const enSessions: Pick<Messages, "sessions" | "identityErrors"> = {
  sessions: {
    title: "Signed-in devices",
    menu: "Signed-in devices",
    lead: "The browsers and apps signed in to your account. If you do not recognise one, sign it out and then change your password.",
    thisDevice: "This device",
    api: "App / API",
    firstUsed: "Signed in",
    lastUsed: "Last used",
    network: "Network",
    end: "Sign out",
    endOthers: "Sign out all other devices",
    onlyThis: "No other device is signed in.",
    changePassword: "Change password",
    confirmEnd: {
      title: "Sign out this device?",
      body: "{device} will be signed out at its next request. To use it again, sign in on it again.",
      confirm: "Sign out",
    },
    confirmEndOthers: {
      title: "Sign out all other devices?",
      body: "{count, plural, one {# device} other {# devices}} other than the one you are using will be signed out at their next request.",
      confirm: "Sign out all",
    },
    ended: "The device was signed out",
    endedOthers: "All other devices were signed out",
    device: {
      browserOn: "{browser} on {os}",
      one: "{name}",
      unknown: "Unknown browser",
    },
    place: {
      range: "A network around {range}",
      loopback: "This server itself (local)",
      private: "A private network (office or home)",
      unknown: "Unknown",
    },
    mail: {
      newDevice: {
        subject: "[Tsugu] New sign-in from another device",
        body: "Your account was signed in to from a device you have not used lately.\n\nWhen: {when}\nDevice: {browser}\nNetwork: {place}\n\nIf this was you, there is nothing to do.\nIf it was not, sign that device out on the following page and change your password at once.\n{link}",
      },
    },
    errors: {
      notFound: "No such signed-in device. It may already be signed out",
    },
  },
  identityErrors: {
    loginBlocked: "Too many sign-in attempts. Please wait about {minutes, number} minutes and try again",
    invalidUserToken: "Your sign-in has expired or was ended. Please sign in again",
    networkRequestFailed: "Could not connect. Please try again where the connection is better",
    webStorageUnsupported:
      "Cookies are turned off, so you cannot sign in. Please allow cookies in your browser settings",
  },
};
