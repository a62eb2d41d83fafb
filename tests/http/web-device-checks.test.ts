import { count, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachChosenReport } from "#app/lib/device-checks.server.ts";
import { createCheckLink } from "#core/checks/check-link.ts";
import { deviceCheckOfItem } from "#core/checks/get-device-check.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { deviceChecks, items } from "#db/schema/index.ts";
import { jpeg, LISTING, listItem, makeMember } from "../helpers/catalog.ts";
import { finishedCheck } from "../helpers/checks.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;
let me: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  me = await signIn(server, await makeMember(server.ctx));
});
afterAll(async () => {
  await server?.close();
});

async function send(url: string, form: FormData, cookie = me.cookie) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: form,
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

const reportsOf = async (memberId: number) =>
  (
    await server.ctx.db.select({ n: count() }).from(deviceChecks).where(eq(deviceChecks.memberId, memberId))
  )[0]!.n;

/** The check page's save, as its script sends it. */
function checkForm(result: unknown, link = ""): FormData {
  const form = new FormData();
  form.append("result", typeof result === "string" ? result : JSON.stringify(result));
  form.append("link", link);
  return form;
}

/** The listing form with a report chosen. */
async function listingForm(deviceCheck: string): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...LISTING, title: "Pixel 7 動作チェック付き" })) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, String(value));
  }
  form.append("intent", "publish");
  form.append("deviceCheck", deviceCheck);
  form.append("newPhotos", new File([Buffer.from(await jpeg())], "phone.jpg", { type: "image/jpeg" }));
  return form;
}

describe("the device check pages", () => {
  it("asks a visitor to sign in first, and says plainly when a QR code's link does not work, in both languages", async () => {
    const visitor = await getPage(server, "/ja/check/?from=sell&brand=00001");
    expect(visitor.status).toBe(200);
    expect(visitor.doc.querySelector('[data-testid="check-sign-in"]')?.getAttribute("href")).toBe(
      `/ja/login/?redirect=${encodeURIComponent("/ja/check/?from=sell&brand=00001")}`,
    );
    const bad = await getPage(server, "/en/check/?link=1.2.AAAAAAAAAAAA.x");
    expect(bad.status).toBe(200);
    expect(bad.doc.querySelector('[data-testid="check-link-error"]')?.text).toBe(
      "This QR code cannot be used. Show the QR code again on the listing or buyback application form",
    );
  });

  it("saves a finished check for the member signed in, or for the member of the QR code's link, and nothing that cannot be read", async () => {
    const before = await reportsOf(me.id);
    expect((await send("/ja/check/", checkForm(finishedCheck(new Date())))).status).toBe(200);
    expect(await reportsOf(me.id)).toBe(before + 1);

    const malformed = await send("/ja/check/", checkForm("{not json"));
    expect(malformed.status).toBe(422);
    expect(malformed.text).toContain("チェック結果を読み取れませんでした");
    // A NUL byte, escaped in the JSON or raw in the form, is refused before anything is stored.
    const nul = finishedCheck(new Date());
    nul.device.userAgent = "Mozilla\u0000";
    expect((await send("/ja/check/", checkForm(nul))).status).toBeGreaterThanOrEqual(400);
    expect((await send("/ja/check/", checkForm(nul))).status).toBeLessThan(500);
    const raw = JSON.stringify(finishedCheck(new Date())).replace("Mozilla", "Mozilla\u0000");
    const refusedEscape = await send("/ja/check/", checkForm(raw));
    expect(refusedEscape.status).toBeGreaterThanOrEqual(400);
    expect(refusedEscape.status).toBeLessThan(500);
    const partial = await send("/en/check/", checkForm({ tests: {} }));
    expect(partial.status).toBe(422);
    expect(await reportsOf(me.id)).toBe(before + 1);

    // The phone being sold is not signed in: the link says whose check it is.
    const seller = await makeMember(server.ctx);
    const { token } = createCheckLink(server.ctx, { actor: seller });
    expect(
      (await getPage(server, `/ja/check/?link=${token}`)).doc.querySelector(
        '[data-testid="check-link-error"]',
      ),
    ).toBeNull();
    expect((await send("/ja/check/", checkForm(finishedCheck(new Date()), token), "")).status).toBe(200);
    expect(await reportsOf(seller.id)).toBe(1);
    // Neither signed in nor a link: nothing is kept for anyone.
    expect((await send("/ja/check/", checkForm(finishedCheck(new Date())), "")).status).toBe(401);
  });

  it("puts the chosen report on a new listing, which shows the badge; an altered or foreign report is refused and nothing is listed", async () => {
    const mine = await saveDeviceCheck(server.ctx, { actor: me, input: finishedCheck(new Date()) });
    // The report is its member's to see until it is on a listing.
    const other = await signIn(server, await makeMember(server.ctx));
    expect((await getPage(server, `/ja/checks/${mine.id}/`, me.cookie)).status).toBe(200);
    expect((await getPage(server, `/ja/checks/${mine.id}/`, other.cookie)).status).toBe(404);
    expect((await getPage(server, `/ja/checks/${mine.id}/`)).status).toBe(404);
    // The listing form offers it, and its defects.
    const form = await getPage(server, `/ja/sell/?check=${mine.id}`, me.cookie);
    expect(form.doc.querySelector(`[data-testid="check-choice-${mine.id}"]`)?.hasAttribute("checked")).toBe(
      true,
    );
    expect(form.doc.querySelector('[data-testid="check-proposals"]')?.text).toContain("カメラの不具合");

    const listingsBefore = (
      await server.ctx.db.select({ n: count() }).from(items).where(eq(items.sellerId, me.id))
    )[0]!.n;
    const theirs = await saveDeviceCheck(server.ctx, { actor: other, input: finishedCheck(new Date()) });
    const foreign = await send("/ja/sell/", await listingForm(theirs.id));
    expect(foreign.status).toBe(403);
    expect(parse(foreign.text).querySelector('[role="alert"]')?.text).toContain(
      "ほかの会員の動作チェックの結果は使えません",
    );

    const altered = await saveDeviceCheck(server.ctx, { actor: me, input: finishedCheck(new Date()) });
    await server.ctx.db
      .update(deviceChecks)
      .set({ result: finishedCheck(new Date(), { displayDefects: [] }) })
      .where(eq(deviceChecks.publicId, altered.id));
    const refused = await send("/ja/sell/", await listingForm(altered.id));
    expect(refused.status).toBe(422);
    expect(parse(refused.text).querySelector('[data-testid="check-picker"] [role="alert"]')?.text).toBe(
      "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
    );
    expect(
      (await server.ctx.db.select({ n: count() }).from(items).where(eq(items.sellerId, me.id)))[0]!.n,
    ).toBe(listingsBefore);

    const listed = await send("/ja/sell/", await listingForm(mine.id));
    expect(listed.status).toBe(302);
    const itemId = Number(/\/items\/(\d+)\//.exec(listed.location!)![1]);
    expect((await deviceCheckOfItem(server.ctx, { itemId }))?.id).toBe(mine.id);
    const page = await getPage(server, `/en/items/${itemId}/`);
    const badge = page.doc.querySelector('[data-testid="device-check-badge"]');
    expect(badge?.getAttribute("data-standing")).toBe("genuine");
    expect(badge?.text).toContain("Self-checked");
    expect(badge?.text).toContain("Water damage");
    // The edit form shows the listing's report and offers a newer one in its place.
    const newer = await saveDeviceCheck(server.ctx, {
      actor: me,
      input: finishedCheck(new Date(), { displayDefects: [] }),
    });
    const edit = await getPage(server, `/ja/items/${itemId}/edit/`, me.cookie);
    expect(edit.doc.querySelector('[data-testid="device-check-badge"]')?.text).toContain("動作チェック済み");
    expect(edit.doc.querySelector(`[data-testid="check-choice-${newer.id}"]`)).not.toBeNull();
    expect(edit.doc.querySelector('[data-testid="check-picker"]')?.text).toContain("今のレポートのまま");
    // On a listing anyone can see, anyone can read the report and its verification.
    const report = await getPage(server, `/en/checks/${mine.id}/`);
    expect(report.status).toBe(200);
    expect(report.doc.querySelector('[data-testid="report-standing"]')?.getAttribute("data-standing")).toBe(
      "genuine",
    );
    expect(report.doc.querySelector('[data-testid="report-listing"]')?.getAttribute("href")).toBe(
      `/en/items/${itemId}/`,
    );
  });
  it("puts a report on the listing just saved, and says so when it went elsewhere meanwhile, the listing and the report left as they were", async () => {
    const actor = { ...me };
    const first = await listItem(server.ctx, me);
    const second = await listItem(server.ctx, me);
    const report = await saveDeviceCheck(server.ctx, { actor: me, input: finishedCheck(new Date()) });
    expect(await attachChosenReport(server.ctx, { actor, itemId: first, reportId: report.id })).toBe(true);
    expect(await attachChosenReport(server.ctx, { actor, itemId: second, reportId: report.id })).toBe(false);
    expect((await deviceCheckOfItem(server.ctx, { itemId: first }))?.id).toBe(report.id);
    expect(await deviceCheckOfItem(server.ctx, { itemId: second })).toBeNull();
  });
});
