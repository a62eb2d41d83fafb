/**
 * Web Push in this browser: the service worker, the permission, the subscription and telling the
 * server. Loaded only when the notification settings page asks (a dynamic import).
 */

export type PushState = "unsupported" | "denied" | "on" | "off";

const SCOPE = "/";

function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser can take push, was refused it, or takes it now. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks permission, registers the service worker, subscribes with the server's VAPID key and hands
 * the subscription to the server. A subscription the server did not keep is undone.
 */
export async function turnPushOn(o: { publicKey: string; lang: string }): Promise<PushState | "failed"> {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  let subscription: PushSubscription | null = null;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: SCOPE });
    await navigator.serviceWorker.ready;
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(o.publicKey),
      }));
    const res = await fetch("/api/v1/me/push-subscriptions", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": o.lang },
      body: JSON.stringify(subscription.toJSON()),
    });
    if (!res.ok) throw new Error(`push subscription refused: ${res.status}`);
    return "on";
  } catch {
    await subscription?.unsubscribe().catch(() => false);
    return "failed";
  }
}

/** Tells the server to forget this browser, then ends its subscription. */
export async function turnPushOff(o: { lang: string }): Promise<PushState | "failed"> {
  if (!supported()) return "unsupported";
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      const res = await fetch("/api/v1/me/push-subscriptions", {
        method: "DELETE",
        headers: { "content-type": "application/json", "accept-language": o.lang },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
      });
      // Not found: the server had forgotten it already (another member, or the push service said gone).
      if (!res.ok && res.status !== 404) throw new Error(`push unsubscription refused: ${res.status}`);
      await subscription.unsubscribe();
    }
    return "off";
  } catch {
    return "failed";
  }
}
