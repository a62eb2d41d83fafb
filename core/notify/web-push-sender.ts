import webpush from "web-push";
import type { PushSender } from "./push.ts";

/** How long a push service may keep a message for a browser that is offline: a day. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** Sends through the browsers' push services with the `web-push` library, signed with our VAPID keys. */
export function createWebPushSender(o: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): PushSender {
  const vapidDetails = { subject: o.subject, publicKey: o.publicKey, privateKey: o.privateKey };
  return {
    kind: "web-push",
    publicKey: o.publicKey,
    async send(target, message) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          { vapidDetails, TTL: TTL_SECONDS, timeout: TIMEOUT_MS, urgency: "normal" },
        );
        return "sent";
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return "gone";
        }
        throw error;
      }
    },
  };
}
