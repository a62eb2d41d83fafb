import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoMedia } from "#db/seed/demo-media.ts";
import { jpeg, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { stateHistoryOf } from "../state/change-state.ts";
import { changePostState } from "./change-post-state.ts";
import { getAuthor } from "./get-author.ts";
import { getPost } from "./get-post.ts";
import { getPostForEditing } from "./get-post-for-editing.ts";
import { listPosts } from "./list-posts.ts";
import { MEDIA_POST_MACHINE } from "./post-states.ts";
import { previewPost } from "./preview-post.ts";
import { createPreviewToken, PREVIEW_TOKEN_TTL_MS, readPreviewToken } from "./preview-token.ts";
import { relatedPosts } from "./related-posts.ts";
import { readingMinutes, renderMarkdown } from "./render-markdown.ts";
import { saveAuthor } from "./save-author.ts";
import { savePost } from "./save-post.ts";
import { uploadMediaImage } from "./upload-media-image.ts";

const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
  kind: "article",
  slug,
  title: "下書きの記事",
  description: "概要",
  body: "## 見出し\n\n本文です。",
  category: "guide",
  tags: "ジャンク, 売り方",
  ...extra,
});

describe("Markdown rendering", () => {
  it("never lets script, event handlers or javascript: links through", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[click](javascript:alert(1))",
        "![x](javascript:alert(1))",
        '<a href="https://example.com" onclick="alert(1)">a</a>',
        "# Title",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script/i);
    // No tag carries an event handler or a javascript: address (escaped text may mention them).
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/<[^>]*(href|src)="javascript:/i);
    // Raw HTML stays visible as text, and a body's h1 becomes an h2 (the page has one h1).
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<h2>Title</h2>");
  });

  it("keeps tables, links and images, and opens outside links safely", () => {
    const html = renderMarkdown(
      "| a | b |\n| - | - |\n| 1 | 2 |\n\n[外部](https://example.com) ![写真](/media/x.webp)",
    );
    expect(html).toContain("<table>");
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('<img src="/media/x.webp" alt="写真" loading="lazy" />');
  });

  it("estimates reading time at about 500 Japanese characters a minute", () => {
    expect(readingMinutes("あ".repeat(100))).toBe(1);
    expect(readingMinutes("あ".repeat(2500))).toBe(5);
  });
});

describe.each(ENGINES)("media on %s", (engine) => {
  let t: TestCore;
  let operator: SessionUser;
  let member: SessionUser;
  beforeAll(async () => {
    t = await createTestCore(engine);
    member = await makeMember(t.ctx);
    operator = await makeOperator(t.ctx, ["editor"]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lets only operators write", async () => {
    expect((await failure(savePost(t.ctx, { actor: null, input: draft("a") }))).code).toBe("UNAUTHORIZED");
    expect((await failure(savePost(t.ctx, { actor: member, input: draft("a") }))).code).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          saveAuthor(t.ctx, { actor: member, input: { slug: "x", name: "x" }, state: "published" }),
        )
      ).code,
    ).toBe("FORBIDDEN");
  });

  it("checks every field with messages in both languages, and keeps slugs unique per kind", async () => {
    const bad = await failure(savePost(t.ctx, { actor: operator, input: draft("Bad Slug!", { title: "" }) }));
    expect(bad.code).toBe("VALIDATION");
    expect(said(bad).fields.slug?.ja).toBe("スラッグは半角英小文字・数字・ハイフンで入力してください");
    expect(said(bad).fields.title?.en).toBe("Title is required");
    expect(
      (await failure(savePost(t.ctx, { actor: operator, input: draft("draft") }))).fields.slug,
    ).toBeDefined();
    expect(
      (await failure(savePost(t.ctx, { actor: operator, input: draft("x", { category: "notice" }) }))).fields
        .category,
    ).toBeDefined();
    await savePost(t.ctx, { actor: operator, input: draft("unique-slug") });
    const dup = await failure(savePost(t.ctx, { actor: operator, input: draft("unique-slug") }));
    expect(dup.code).toBe("CONFLICT");
    // The same slug is free for the other kind.
    await savePost(t.ctx, {
      actor: operator,
      input: draft("unique-slug", { kind: "news", category: "notice" }),
    });
  });

  it("keeps a draft out of public view until published, and shows it only with its preview token", async () => {
    const { id } = await savePost(t.ctx, { actor: operator, input: draft("secret-draft") });
    expect((await failure(getPost(t.ctx, { kind: "article", slug: "secret-draft" }))).code).toBe("NOT_FOUND");
    const { previewToken } = await getPostForEditing(t.ctx, { actor: operator, postId: id });
    expect((await previewPost(t.ctx, { kind: "article", token: previewToken })).title).toBe("下書きの記事");
    for (const token of [
      null,
      "",
      `${previewToken}x`,
      previewToken.replace(/.$/, "A"),
      previewToken.replace(/^article/, "news"),
    ]) {
      expect((await failure(previewPost(t.ctx, { kind: "article", token }))).code).toBe("NOT_FOUND");
    }
    // A news token never opens an article, and no token outlives its time.
    expect((await failure(previewPost(t.ctx, { kind: "news", token: previewToken }))).code).toBe("NOT_FOUND");
    t.clock.advance(PREVIEW_TOKEN_TTL_MS + 1000);
    expect(readPreviewToken(t.ctx, { subject: "article", token: previewToken })).toBeNull();
    t.clock.advance(-(PREVIEW_TOKEN_TTL_MS + 1000));

    await changePostState(t.ctx, { actor: operator, postId: id, action: "publish" });
    const post = await getPost(t.ctx, { kind: "article", slug: "secret-draft" });
    expect(post.html).toContain("<h2>見出し</h2>");
    expect(post.tags).toEqual(["ジャンク", "売り方"]);
    await changePostState(t.ctx, { actor: operator, postId: id, action: "unpublish" });
    expect((await failure(getPost(t.ctx, { kind: "article", slug: "secret-draft" }))).code).toBe("NOT_FOUND");
  });

  it("records every step of a post in its state history, and unpublishing a draft changes nothing", async () => {
    const { id } = await savePost(t.ctx, { actor: operator, input: draft("with-history") });
    await changePostState(t.ctx, { actor: operator, postId: id, action: "publish" });
    await changePostState(t.ctx, {
      actor: operator,
      postId: id,
      action: "publish",
      publishAt: "2026-12-24T09:00",
    });
    await changePostState(t.ctx, { actor: operator, postId: id, action: "unpublish" });
    expect(await changePostState(t.ctx, { actor: operator, postId: id, action: "unpublish" })).toMatchObject({
      state: "draft",
    });
    const history = await stateHistoryOf(t.ctx.db, MEDIA_POST_MACHINE, id);
    expect(history.map((h) => [h.fromState, h.action, h.toState, h.actorRole, h.actorId])).toEqual([
      [null, "create", "draft", "operator", operator.id],
      ["draft", "publish", "published", "operator", operator.id],
      ["published", "publish", "published", "operator", operator.id],
      ["published", "unpublish", "draft", "operator", operator.id],
    ]);
  });

  it("schedules a post: public only once its time has come (Tokyo time from the form)", async () => {
    const { id } = await savePost(t.ctx, { actor: operator, input: draft("scheduled-post") });
    // 2026-11-22T03:00Z is 12:00 in Tokyo; schedule for 13:00 Tokyo time.
    await changePostState(t.ctx, {
      actor: operator,
      postId: id,
      action: "publish",
      publishAt: "2026-11-22T13:00",
    });
    expect((await failure(getPost(t.ctx, { kind: "article", slug: "scheduled-post" }))).code).toBe(
      "NOT_FOUND",
    );
    t.clock.advance(60 * 60 * 1000);
    expect(
      (await getPost(t.ctx, { kind: "article", slug: "scheduled-post" })).publishedAt?.toISOString(),
    ).toBe("2026-11-22T04:00:00.000Z");
    const bad = await failure(
      changePostState(t.ctx, { actor: operator, postId: id, action: "publish", publishAt: "soon" }),
    );
    expect(said(bad).fields.publishAt?.ja).toBe("公開日時が正しくありません");
  });

  it("pages public posts, 404s past the end, and finds related ones by tags and category", async () => {
    await seedDemoMedia(t.ctx.db);
    const first = await listPosts(t.ctx, { kind: "article", page: 1, pageSize: 3 });
    expect(first.posts).toHaveLength(3);
    expect(first.pageCount).toBe(Math.ceil(first.total / 3));
    const dates = first.posts.map((p) => p.publishedAt!.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(
      (await failure(listPosts(t.ctx, { kind: "article", page: first.pageCount + 1, pageSize: 3 }))).code,
    ).toBe("NOT_FOUND");
    const guide = await getPost(t.ctx, { kind: "article", slug: "1r4a73tut" });
    expect(guide.title).toContain("壊れたスマホを売る方法");
    expect(guide.author?.name).toBe("新井 健司");
    const related = await relatedPosts(t.ctx, guide);
    expect(related.map((p) => p.slug)).not.toContain("1r4a73tut");
    expect(related[0]?.tags.some((tag) => guide.tags.includes(tag))).toBe(true);
  });

  it("shows a draft author only through a preview token", async () => {
    const { id } = await saveAuthor(t.ctx, {
      actor: operator,
      input: { slug: "new-writer", name: "新しい著者", role: "ライター", bio: "" },
      state: "draft",
    });
    expect((await failure(getAuthor(t.ctx, { slug: "new-writer" }))).code).toBe("NOT_FOUND");
    const token = createPreviewToken(t.ctx, { subject: "author", id });
    expect((await getAuthor(t.ctx, { token })).name).toBe("新しい著者");
    expect(
      (await failure(getAuthor(t.ctx, { token: createPreviewToken(t.ctx, { subject: "news", id }) }))).code,
    ).toBe("NOT_FOUND");
    await saveAuthor(t.ctx, {
      actor: operator,
      authorId: id,
      input: { slug: "new-writer", name: "新しい著者", role: "ライター", bio: "" },
      state: "published",
    });
    expect((await getAuthor(t.ctx, { slug: "new-writer" })).published).toBe(true);
  });

  it("stores uploaded images in the blob store and answers the Markdown to paste", async () => {
    const image = await uploadMediaImage(t.ctx, { actor: operator, bytes: await jpeg(), alt: "基板の写真" });
    expect(image.key).toMatch(/^media\/[a-f0-9]{32}$/);
    expect(image.markdown).toBe(`![基板の写真](${image.url})`);
    expect(await t.ctx.blobs.get(`${image.key}-large.webp`)).not.toBeNull();
    const notImage = await failure(
      uploadMediaImage(t.ctx, { actor: operator, bytes: new TextEncoder().encode("<svg onload=alert(1)>") }),
    );
    expect(notImage.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});
