import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Where mail goes: "smtp" sends it out, "local" keeps it for the development mailbox. */
  readonly kind: "smtp" | "local";
  send(message: MailMessage): Promise<void>;
};

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export type StoredMail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  date: string;
};

const MAIL_ID = /^[0-9]{13}-[0-9a-f]{8}$/;

/** Saves one message for the development mailbox: a JSON summary, plus the raw message when there is one. */
export async function storeLocalMessage(
  dir: string,
  message: Omit<StoredMail, "id" | "date">,
  raw?: Buffer,
): Promise<string> {
  const id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
  await mkdir(dir, { recursive: true });
  const stored: StoredMail = { id, ...message, date: new Date().toISOString() };
  if (raw) await writeFile(path.join(dir, `${id}.eml`), raw);
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored));
  return id;
}

/** Keeps every message as an .eml file plus a JSON summary under `dir`, newest first by name. */
export function createLocalMailer({ dir, from }: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "local",
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await storeLocalMessage(dir, { from, ...message }, info.message as Buffer);
    },
  };
}

export async function listLocalMail(
  dir: string,
  { offset = 0, limit = 20 }: { offset?: number; limit?: number } = {},
): Promise<{ mails: StoredMail[]; total: number }> {
  let names: string[];
  try {
    names = (await readdir(dir))
      .filter((n) => n.endsWith(".json"))
      .sort()
      .reverse();
  } catch {
    return { mails: [], total: 0 };
  }
  const page = names.slice(offset, offset + limit);
  const mails = await Promise.all(
    page.map(async (n) => JSON.parse(await readFile(path.join(dir, n), "utf8")) as StoredMail),
  );
  return { mails, total: names.length };
}

export async function readLocalMail(dir: string, id: string): Promise<StoredMail | null> {
  if (!MAIL_ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMail;
  } catch {
    return null;
  }
}
