import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string; subject: string; text: string };

/** A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          messages.push({ to: to ?? "", subject: mail.subject ?? "", text: mail.text ?? "" });
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to an address, waiting for it to arrive if need be. */
    async lastTo(address: string, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => m.to.includes(address)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

export function codeIn(text: string): string {
  const m = /(?<!\d)(\d{6})(?!\d)/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1]!;
}

export function linkIn(text: string, pathPart: string): string {
  const m = new RegExp(`https?://\\S*${pathPart}\\S*`).exec(text);
  if (!m) throw new Error(`no link to ${pathPart} in: ${text}`);
  return m[0];
}
