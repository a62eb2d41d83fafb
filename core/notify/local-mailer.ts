import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, StoredMail } from "./mailer.ts";

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
