import { z } from "zod";
import {
  getNotificationSettings,
  NOTIFICATION_TOPICS,
  type NotificationSettings,
  saveNotificationSettings,
} from "#core/notify/notification-settings.ts";
import {
  addPushSubscription,
  pushSubscriptionCount,
  removePushSubscription,
  ZPushSubscription,
} from "#core/notify/push-subscriptions.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { toCamel, toSnake } from "../case.ts";
import { defineRoute } from "../define.ts";

const ZChoice = z.strictObject({ mail: z.boolean(), push: z.boolean() });

/** The groups as the wire names them (snake_case, like every key), read here in camelCase. */
const ZSettingsBody = z.strictObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [toCamel(t), ZChoice.optional()])) as Record<
    string,
    z.ZodOptional<typeof ZChoice>
  >,
);
const ZSettingsResponse = z.object(
  Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, ZChoice])) as Record<string, typeof ZChoice>,
);

const LABELS = Object.fromEntries(
  NOTIFICATION_TOPICS.map((t) => [toCamel(t), msg(`notifySettings.topics.${t}`)]),
);

const settingsJson = (s: NotificationSettings) => ({ body: s, headers: { "Cache-Control": "no-store" } });

export const notificationSettingsRoutes = [
  defineRoute({
    method: "get",
    path: "/me/notification-settings",
    summary: "Which notifications the member takes by mail and by push, per group",
    tag: "settings",
    auth: "user",
    responses: { 200: { description: "Mail and push for each group", schema: ZSettingsResponse } },
    async handler({ ctx, actor }) {
      return { status: 200, ...settingsJson(await getNotificationSettings(ctx, actor!.id)) };
    },
  }),
  defineRoute({
    method: "put",
    path: "/me/notification-settings",
    summary: "Change mail and push for some groups (messages, offers, sales, price_drops, buyback)",
    tag: "settings",
    auth: "user",
    body: ZSettingsBody,
    labels: LABELS,
    responses: {
      200: { description: "Saved; every group as it is now", schema: ZSettingsResponse },
      422: { description: "A group unknown, or mail and push not both true or false" },
    },
    async handler({ ctx, actor, body }) {
      const input = Object.fromEntries(Object.entries(body).map(([k, v]) => [toSnake(k), v]));
      return { status: 200, ...settingsJson(await saveNotificationSettings(ctx, { actor: actor!, input })) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/push-subscriptions",
    summary:
      "The VAPID public key to subscribe a browser with, and how many of the member's browsers take push",
    tag: "settings",
    auth: "user",
    responses: {
      200: {
        description: "The key (base64url) and the count",
        schema: z.object({ publicKey: z.string(), count: z.number().int() }),
      },
    },
    async handler({ ctx, actor }) {
      return {
        status: 200,
        body: { publicKey: ctx.push.publicKey, count: await pushSubscriptionCount(ctx, actor!.id) },
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/push-subscriptions",
    summary: "Take push notifications in a browser: its PushSubscription as toJSON() gives it",
    tag: "settings",
    auth: "user",
    body: ZPushSubscription,
    responses: {
      201: { description: "Kept", schema: z.object({ id: z.number().int() }) },
      422: { description: "Not an https endpoint with p256dh and auth keys" },
    },
    async handler({ ctx, actor, body }) {
      return { status: 201, body: await addPushSubscription(ctx, { actor: actor!, input: body }) };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/push-subscriptions",
    summary: "Stop push notifications in a browser, named by its endpoint",
    tag: "settings",
    auth: "user",
    body: z.object({ endpoint: z.url().max(2048) }),
    responses: {
      204: { description: "Removed" },
      404: { description: "None of the member's browsers has this endpoint" },
    },
    async handler({ ctx, actor, body }) {
      await removePushSubscription(ctx, { actor: actor!, input: body });
      return { status: 204 };
    },
  }),
];
