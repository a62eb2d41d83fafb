import { and, eq } from "drizzle-orm";
import { notificationSettings } from "#db/schema/index.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { sendNoticeMailJob } from "./notice-mail.ts";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationTopic,
  topicOfKind,
} from "./notification-settings.ts";
import type { NotificationKind } from "./notifications.ts";
import { queuePushes } from "./push-jobs.ts";

/**
 * The groups mailed as the notification itself. Sales and price drops have mails of their own,
 * which read the same setting (`wantsMail`).
 */
const NOTICE_MAIL_TOPICS: ReadonlySet<NotificationTopic> = new Set(["messages", "buyback"]);

/**
 * What a new notification sets off beyond the app, as the member chose for its group: a push to
 * each of their browsers, and a mail for the groups without mails of their own. Both are jobs,
 * queued in the caller's transaction when there is one; nothing is sent in the request.
 */
export async function queueDeliveries(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; kind: NotificationKind; notificationId: number },
): Promise<void> {
  const topic = topicOfKind(o.kind);
  if (!topic) return;
  const [chosen] = await ctx.db
    .select({ mail: notificationSettings.mail, push: notificationSettings.push })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, o.userId), eq(notificationSettings.topic, topic)));
  const choice = chosen ?? DEFAULT_NOTIFICATION_SETTINGS[topic];
  if (choice.mail && NOTICE_MAIL_TOPICS.has(topic)) {
    await enqueueJob(
      ctx,
      sendNoticeMailJob,
      { notificationId: o.notificationId },
      { uniqueKey: `notice-mail:${o.notificationId}` },
    );
  }
  if (choice.push) await queuePushes(ctx, { userId: o.userId, notificationId: o.notificationId });
}
