import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { NOTIFICATION_TOPICS, notificationSettings } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import type { NotificationKind } from "./notifications.ts";

export { NOTIFICATION_TOPICS };
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
type TopicChoice = { mail: boolean; push: boolean };
export type NotificationSettings = Record<NotificationTopic, TopicChoice>;

/**
 * The group each notification kind's mail and push follow. A kind not listed is only shown in the
 * app. A new kind joins a group with one line here.
 */
const TOPIC_OF_KIND: Partial<Record<NotificationKind, NotificationTopic>> = {
  message: "messages",
  purchase: "sales",
  payment: "sales",
  shipping: "sales",
  rating: "sales",
  price_drop: "price_drops",
  offer: "offers",
  buyback: "buyback",
};

export function topicOfKind(kind: NotificationKind): NotificationTopic | null {
  return TOPIC_OF_KIND[kind] ?? null;
}

/** Mail for what needs the member's action or answer; price drops only when asked; push only once turned on. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: { mail: true, push: false },
  offers: { mail: true, push: false },
  sales: { mail: true, push: false },
  price_drops: { mail: false, push: false },
  buyback: { mail: true, push: false },
};

const ZChoice = z.strictObject({ mail: z.boolean(), push: z.boolean() });

/** A change to some groups (those not named keep what they were). */
const ZNotificationSettingsInput = z.strictObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, ZChoice.optional()])) as Record<
    NotificationTopic,
    z.ZodOptional<typeof ZChoice>
  >,
);

const LABELS = Object.fromEntries(
  NOTIFICATION_TOPICS.map((t) => [t, msg(`notifySettings.topics.${t}`)]),
) as Record<NotificationTopic, ReturnType<typeof msg>>;

/** The member's choice for every group, the defaults filling in what they never changed. */
export async function getNotificationSettings(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<NotificationSettings> {
  const rows = await ctx.db
    .select({
      topic: notificationSettings.topic,
      mail: notificationSettings.mail,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  for (const r of rows) settings[r.topic] = { mail: r.mail, push: r.push };
  return settings;
}

/** Saves the groups given (checked first: nothing changes when any is wrong) and answers the whole result. */
export async function saveNotificationSettings(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser; input: unknown },
): Promise<NotificationSettings> {
  const input = parseInput(ZNotificationSettingsInput, o.input, LABELS);
  await writeSettings(ctx, o.actor.id, input);
  return getNotificationSettings(ctx, o.actor.id);
}

async function writeSettings(
  ctx: Pick<CoreContext, "db" | "clock">,
  userId: number,
  input: Partial<NotificationSettings>,
): Promise<void> {
  const now = ctx.clock.now();
  const rows = NOTIFICATION_TOPICS.flatMap((topic) => {
    const choice = input[topic];
    return choice ? [{ userId, topic, mail: choice.mail, push: choice.push, updatedAt: now }] : [];
  });
  if (rows.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(notificationSettings)
        .values(row)
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.topic],
          set: { mail: row.mail, push: row.push, updatedAt: now },
        });
    }
  });
}

/**
 * A member who turns push on in a browser without having chosen any group for push gets push for
 * the groups they take by mail: what they wanted to hear of at once, until they choose otherwise.
 */
export async function pushLikeMailWhenNoneChosen(
  ctx: Pick<CoreContext, "db" | "clock">,
  userId: number,
): Promise<void> {
  const settings = await getNotificationSettings(ctx, userId);
  if (NOTIFICATION_TOPICS.some((t) => settings[t].push)) return;
  await writeSettings(
    ctx,
    userId,
    Object.fromEntries(
      NOTIFICATION_TOPICS.map((t) => [t, { mail: settings[t].mail, push: settings[t].mail }]),
    ),
  );
}

/** Whether the member takes this group's notices by mail. */
export async function wantsMail(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; topic: NotificationTopic },
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ mail: notificationSettings.mail })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, o.userId), eq(notificationSettings.topic, o.topic)));
  return row?.mail ?? DEFAULT_NOTIFICATION_SETTINGS[o.topic].mail;
}
