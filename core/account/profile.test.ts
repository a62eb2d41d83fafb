import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "#db/schema/index.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { renderMessage } from "../shared/i18n/translate.ts";
import { IMAGE_MESSAGES } from "../storage/image-limits.ts";
import { getProfile } from "./get-profile.ts";
import { removeAvatar, setAvatar } from "./set-avatar.ts";
import { updateProfile } from "./update-profile.ts";

async function photo(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#5588cc" } })
      .jpeg()
      .toBuffer(),
  );
}

describe.each(ENGINES)("profile on %s", (engine) => {
  let t: TestCore;
  let actor: SessionUser;

  const avatarFiles = () => {
    try {
      return readdirSync(path.join(t.dataDir, "blobs/avatars")).sort();
    } catch {
      return [];
    }
  };

  beforeEach(async () => {
    t = await createTestCore(engine);
    const [u] = await t.ctx.db
      .insert(users)
      .values({ email: "hanako@example.jp", nickname: "はなこ" })
      .returning();
    actor = {
      id: u!.id,
      email: u!.email,
      nickname: u!.nickname,
      role: "member",
      locale: "ja",
      sessionId: 0,
      staffRoles: [],
    };
  });
  afterEach(async () => {
    await t.close();
  });

  it("saves the nickname and a multi-line introduction", async () => {
    const profile = await updateProfile(t.ctx, {
      actor,
      input: {
        nickname: "  ジャンク好き  ",
        introduction: "壊れたスマホを直しています。\r\nよろしくお願いします！",
      },
    });
    expect(profile).toMatchObject({
      id: actor.id,
      nickname: "ジャンク好き",
      introduction: "壊れたスマホを直しています。\nよろしくお願いします！",
      avatarUrls: null,
    });
    // Either field alone changes only itself.
    await updateProfile(t.ctx, { actor, input: { introduction: "" } });
    expect(await getProfile(t.ctx, actor.id)).toMatchObject({ nickname: "ジャンク好き", introduction: "" });
    const nothing = await failure(updateProfile(t.ctx, { actor, input: {} }));
    expect(nothing.code).toBe("VALIDATION");
  });

  it("counts a line break as one character, up to 1,000", async () => {
    const lines = `${"あ".repeat(498)}\r\n${"い".repeat(500)}`;
    const ok = await updateProfile(t.ctx, { actor, input: { introduction: lines } });
    expect(Array.from(ok.introduction)).toHaveLength(999);
    const e = await failure(updateProfile(t.ctx, { actor, input: { introduction: "あ".repeat(1001) } }));
    expect(said(e).fields.introduction).toEqual({
      ja: "自己紹介は1,000文字以内で入力してください",
      en: "Introduction must be at most 1,000 characters",
    });
  });

  it("refuses an empty or long nickname and characters a label printer cannot print", async () => {
    const empty = await failure(updateProfile(t.ctx, { actor, input: { nickname: " ", introduction: "" } }));
    expect(said(empty).fields.nickname?.ja).toBe("ニックネームを入力してください");
    const long = await failure(updateProfile(t.ctx, { actor, input: { nickname: "あ".repeat(21) } }));
    expect(said(long).fields.nickname?.en).toBe("Nickname must be at most 20 characters");
    const emoji = await failure(
      updateProfile(t.ctx, { actor, input: { nickname: "はなこ", introduction: "📱" } }),
    );
    expect(said(emoji).fields.introduction?.ja).toBe("使用できない文字が含まれています");
    expect((await getProfile(t.ctx, actor.id)).nickname).toBe("はなこ");
  });

  it("sets an avatar, replaces it deleting the old files, and removes it", async () => {
    const { avatarKey: first } = await setAvatar(t.ctx, { actor, bytes: await photo(1200, 900) });
    expect(first).toMatch(/^avatars\/[0-9a-f]{32}$/);
    expect(avatarFiles()).toHaveLength(2);
    const profile = await getProfile(t.ctx, actor.id);
    expect(profile.avatarUrls).toEqual({
      small: `/media/${first}-small.webp`,
      large: `/media/${first}-large.webp`,
    });
    const large = await t.ctx.blobs.get(`${first}-large.webp`);
    expect((await sharp(large!.body).metadata()).width).toBe(480);

    const { avatarKey: second } = await setAvatar(t.ctx, { actor, bytes: await photo(300, 300) });
    expect(second).not.toBe(first);
    expect(avatarFiles()).toEqual([`${second.slice(8)}-large.webp`, `${second.slice(8)}-small.webp`]);
    expect(await t.ctx.blobs.get(`${first}-small.webp`)).toBeNull();

    await removeAvatar(t.ctx, { actor });
    expect(avatarFiles()).toEqual([]);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, actor.id));
    expect(row!.avatarKey).toBeNull();
    await removeAvatar(t.ctx, { actor });
  });

  it("keeps the current avatar when the new file is refused", async () => {
    const { avatarKey } = await setAvatar(t.ctx, { actor, bytes: await photo(200, 200) });
    const e = await failure(setAvatar(t.ctx, { actor, bytes: new TextEncoder().encode("<svg></svg>") }));
    expect(e.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(said(e).fields.avatar).toEqual({
      ja: renderMessage(IMAGE_MESSAGES.unsupported, "ja"),
      en: renderMessage(IMAGE_MESSAGES.unsupported, "en"),
    });
    expect((await getProfile(t.ctx, actor.id)).avatarKey).toBe(avatarKey);
    expect(avatarFiles()).toHaveLength(2);
  });
});
