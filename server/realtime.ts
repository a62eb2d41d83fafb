import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { getNotification } from "#core/notify/get-notification.ts";
import { unreadNotificationCount } from "#core/notify/list-notifications.ts";
import { NOTIFICATION_CHANNEL } from "#core/notify/notifications.ts";
import { isAppError } from "#core/shared/errors.ts";
import { msg, renderMessage } from "#core/shared/i18n/translate.ts";
import type { Database } from "#db/client.ts";
import { authenticate } from "./authenticate.ts";
import { pickLocale } from "./locale-routing.ts";
import type { AppServices } from "./router-context.ts";

type Listener = (notificationId: number) => void;

/**
 * Open pages of signed-in members, by member, on this server. One LISTEN per process hears every
 * notification created by any server on the database and hands it to that member's pages.
 */
export type RealtimeHub = {
  subscribe(userId: number, listener: Listener): Promise<() => void>;
  /** Open streams on this server: listeners subscribed and not yet unsubscribed. */
  connections(): number;
  close(): Promise<void>;
};

export function createRealtimeHub(listen: Database["listen"]): RealtimeHub {
  const byUser = new Map<number, Set<Listener>>();
  let open = 0;
  let stop: Promise<() => Promise<void>> | null = null;
  const start = () => {
    stop ??= listen(NOTIFICATION_CHANNEL, (payload) => {
      try {
        const { userId, id } = JSON.parse(payload) as { userId: number; id: number };
        for (const listener of byUser.get(userId) ?? []) listener(id);
      } catch {
        // Not ours: the channel carries only what notify() sends.
      }
    });
    return stop;
  };
  return {
    async subscribe(userId, listener) {
      await start();
      const set = byUser.get(userId) ?? new Set();
      set.add(listener);
      byUser.set(userId, set);
      open += 1;
      let subscribed = true;
      // Safe to call more than once, and never drops a newer set of the same member's pages.
      return () => {
        if (subscribed) open -= 1;
        subscribed = false;
        set.delete(listener);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    connections: () => open,
    async close() {
      if (stop) await (await stop)();
    },
  };
}

const HEARTBEAT_MS = 25_000;

/**
 * `GET /events/notifications`: server-sent events for the signed-in member only (their session
 * cookie or bearer token; anyone else is refused with 401). Sends `ready` with the unread count,
 * then `notification` with each new notification and the new count.
 */
export function createRealtimeRoutes(services: AppServices): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const ctx = services.core;
  app.get("/events/notifications", async (c) => {
    const who = await authenticate(services, c.req.raw, "stream").catch((error: unknown) => {
      if (isAppError(error)) return null;
      throw error;
    });
    const actor = who?.user;
    if (!actor) {
      const locale = pickLocale(undefined, c.req.header("accept-language"));
      return c.json(
        { error: { code: "UNAUTHORIZED", message: renderMessage(msg("appErrors.UNAUTHORIZED"), locale) } },
        401,
      );
    }
    c.header("Cache-Control", "no-store");
    return streamSSE(c, async (stream) => {
      let chain = Promise.resolve();
      const unsubscribe = await services.realtime.subscribe(actor.id, (id) => {
        // In order, one at a time: a burst of notifications arrives as it was created.
        chain = chain.then(async () => {
          const n = await getNotification(ctx, { userId: actor.id, id });
          if (!n || stream.aborted) return;
          const unread = await unreadNotificationCount(ctx, actor.id);
          await stream.writeSSE({
            event: "notification",
            id: String(n.id),
            data: JSON.stringify({ id: n.id, kind: n.kind, payload: n.payload, unread }),
          });
        });
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({
        event: "ready",
        data: JSON.stringify({ unread: await unreadNotificationCount(ctx, actor.id) }),
      });
      while (!stream.aborted) {
        await stream.sleep(HEARTBEAT_MS);
        if (!stream.aborted) await stream.write(": keep-alive\n\n");
      }
      unsubscribe();
    });
  });
  return app;
}
