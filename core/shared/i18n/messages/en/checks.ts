import type { Messages } from "../../messages.ts";

/** The self-check of a device in its own browser, and its signed report. */
export const enChecks: Pick<Messages, "checks"> = {
  checks: {
    fields: {
      tests: "Check results",
      link: "Check link",
      reportId: "Device check report",
    },
    errors: {
      startedAt: "The check's start time is not right. Please run the check again",
      otherDevice:
        "This check was finished on a different device from the one it started on. Please confirm it is one check of one device",
      link: "This QR code cannot be used. Show the QR code again on the listing form",
      linkExpired:
        "This QR code has expired (it is valid for 1 hour). Show the QR code again on the listing form",
      unknown: "This device check report cannot be found",
      tampered: "This device check report has been altered and cannot be used. Please run the check again",
      expired:
        "This device check report has expired (reports are valid for 30 days). Please run the check again",
      onAnotherListing: "This device check report is already on another listing",
      notYourListing: "You cannot attach a device check report to another member's listing",
      notYourReport: "You cannot use another member's device check report",
    },
  },
};
