import path from "node:path";
import { data, type RouterContextProvider } from "react-router";
import { listLocalMail } from "#core/notify/read-local-mail.ts";
import { isLocalRequest } from "#core/shared/local-request.ts";
import { requestInfo, services } from "../../lib/request.server.ts";

export const MAILBOX_PAGE_SIZE = 20;

/**
 * The mailbox shows everyone's mail (password-reset links among it), so it exists only while mail
 * is kept locally (no SMTP_URL) and only for the person at the machine running the server: a
 * request from this machine's own loopback address that no proxy forwarded. To anyone else, and
 * in any deployment behind a proxy, it is a 404.
 */
export function mailDir(context: Readonly<RouterContextProvider>, request: Request): string {
  const { config } = services(context);
  const local = isLocalRequest(requestInfo(context).ip, (name) => request.headers.get(name));
  if (!config.devMailbox || !local) throw data("Page not found", { status: 404 });
  return path.join(config.dataDir, "mail");
}

export async function mailboxPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  cursor: string | null,
) {
  const offset = Math.max(0, Number.parseInt(cursor ?? "0", 10) || 0);
  const { mails, total } = await listLocalMail(mailDir(context, request), {
    offset,
    limit: MAILBOX_PAGE_SIZE,
  });
  const next = offset + mails.length;
  return {
    items: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })),
    nextCursor: next < total ? String(next) : null,
  };
}
