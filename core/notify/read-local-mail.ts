import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { StoredMail } from "./mailer.ts";

const MAIL_ID = /^[0-9]{13}-[0-9a-f]{8}$/;

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
