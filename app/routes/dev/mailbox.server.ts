import path from "node:path";
import { data, type RouterContextProvider } from "react-router";
import { listLocalMail } from "#core/notify/mailer.ts";
import { services } from "../../lib/request.server.ts";

export const MAILBOX_PAGE_SIZE = 20;

/** The mailbox exists only while mail is kept locally (no SMTP_URL); otherwise it is a 404. */
export function mailDir(context: Readonly<RouterContextProvider>): string {
  const { config } = services(context);
  if (!config.devMailbox) throw data("Page not found", { status: 404 });
  return path.join(config.dataDir, "mail");
}

export async function mailboxPage(context: Readonly<RouterContextProvider>, cursor: string | null) {
  const offset = Math.max(0, Number.parseInt(cursor ?? "0", 10) || 0);
  const { mails, total } = await listLocalMail(mailDir(context), { offset, limit: MAILBOX_PAGE_SIZE });
  const next = offset + mails.length;
  return {
    items: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })),
    nextCursor: next < total ? String(next) : null,
  };
}
