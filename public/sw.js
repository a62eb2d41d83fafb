// Tsugu's service worker: shows Web Push notifications and opens their page when one is tapped.
// Served at /sw.js (scope "/", never from a cache) by the server; it caches nothing.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Tsugu", {
      body: message.body || "",
      tag: message.tag,
      icon: "/logo.png",
      data: { url: message.url || "/" },
    }),
  );
});

/** Only pages of this site are opened; anything else opens the home page. */
function pageOf(url) {
  const target = new URL(url || "/", self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL("/", self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin && "navigate" in w);
      if (ours) {
        await ours.focus();
        return ours.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
