/** Where one browser's push messages go, and the keys its messages are encrypted for. */
type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the service worker shows: a title, a line of text, and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/**
 * Sends Web Push messages (an outside service: the browser maker's push service). Answers "gone"
 * when the push service says the subscription no longer exists (404 or 410); throws on anything
 * else that failed (5xx, timeouts), for the job queue to try again.
 */
export type PushSender = {
  readonly kind: "web-push" | "sandbox";
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<"sent" | "gone">;
};

/** A VAPID public key for the sandbox: an uncompressed P-256 point's shape, no one's real key. */
const SANDBOX_PUBLIC_KEY = `B${"A".repeat(86)}`;

export type SandboxPush = PushSender & {
  /** Every message accepted, oldest first. */
  readonly sent: { target: PushTarget; message: PushMessage }[];
  /** From now on, the push service answers this endpoint with 410 Gone. */
  answerGone(endpoint: string): void;
  /** From now on, the push service answers this endpoint with 503 (or stops doing so with `false`). */
  answerUnavailable(endpoint: string, unavailable?: boolean): void;
};

/** The push service for tests and demos: records what would be sent, and answers as told. */
export function createSandboxPush(o: { publicKey?: string } = {}): SandboxPush {
  const sent: { target: PushTarget; message: PushMessage }[] = [];
  const gone = new Set<string>();
  const unavailable = new Set<string>();
  return {
    kind: "sandbox",
    publicKey: o.publicKey ?? SANDBOX_PUBLIC_KEY,
    sent,
    answerGone: (endpoint) => gone.add(endpoint),
    answerUnavailable(endpoint, on = true) {
      if (on) unavailable.add(endpoint);
      else unavailable.delete(endpoint);
    },
    async send(target, message) {
      if (gone.has(target.endpoint)) return "gone";
      if (unavailable.has(target.endpoint)) throw new Error("Push sandbox: 503 Service Unavailable");
      sent.push({ target, message });
      return "sent";
    },
  };
}
