import type { Messages } from "../../messages.ts";

export const enAppErrors: Pick<Messages, "appErrors"> = {
  appErrors: {
    BAD_REQUEST: "The request is not valid",
    VALIDATION: "Please check what you entered",
    UNAUTHORIZED: "Please log in",
    PAYMENT_FAILED: "The payment did not go through. Please try another payment method",
    FORBIDDEN: "You are not allowed to do this",
    NOT_FOUND: "Not found",
    CONFLICT: "This has already been done",
    RATE_LIMITED: "Too many attempts. Please wait a while and try again",
    UNSUPPORTED_MEDIA_TYPE: "This file type is not supported",
    PAYLOAD_TOO_LARGE: "The file is too large",
    HEADERS_TOO_LARGE: "The request's headers are too large",
    UNAVAILABLE: "The service is not answering right now. Please try again in a little while",
  },
};
