import sharp from "sharp";
import type { SessionUser } from "#core/identity/sessions.ts";
import { users } from "#db/schema/index.ts";
import type { TestCore } from "./core.ts";

let members = 0;

/** A member inserted directly, as a use case sees the one calling it. */
export async function createMember(
  t: TestCore,
  o: { email?: string; nickname?: string; locale?: "ja" | "en" } = {},
): Promise<SessionUser> {
  members += 1;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email: o.email ?? `member-${members}-${Date.now()}@example.jp`,
      nickname: o.nickname ?? `会員${members}`,
      locale: o.locale ?? "ja",
      emailVerifiedAt: t.clock.now(),
    })
    .returning();
  return {
    id: row!.id,
    email: row!.email,
    nickname: row!.nickname,
    role: row!.role,
    locale: row!.locale,
    sessionId: 0,
    staffRoles: [],
  };
}

/**
 * Keeps every text the SMS sandbox accepts (it still checks and stores them) for the test to read;
 * of a core's context, or of a running test server's.
 */
export function captureSms(t: Pick<TestCore, "ctx">): { to: string; text: string }[] {
  const sent: { to: string; text: string }[] = [];
  const sandbox = t.ctx.sms;
  t.ctx.sms = {
    name: sandbox.name,
    kind: sandbox.kind,
    async send(message) {
      const answer = await sandbox.send(message);
      sent.push(message);
      return answer;
    },
  };
  return sent;
}

/** A real picture to upload: a plain colour block in the given format. */
export async function testImage(
  o: { width?: number; height?: number; format?: "jpeg" | "png" } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({
    create: { width: o.width ?? 640, height: o.height ?? 400, channels: 3, background: "#3a7bd5" },
  });
  const buffer = await (o.format === "png" ? image.png() : image.jpeg()).toBuffer();
  return new Uint8Array(buffer);
}
