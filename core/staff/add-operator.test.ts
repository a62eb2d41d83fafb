import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { logIn } from "../identity/log-in.ts";
import { openPasswordResetLink, resetPassword } from "../identity/reset-password.ts";
import { resolveSession } from "../identity/sessions.ts";
import { addOperator } from "./add-operator.ts";

describe.each(ENGINES)("adding an operator from the command line on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives an empty installation its first admin: no password until the link sets one, audited", async () => {
    const added = await addOperator(t.ctx, { input: { email: "Owner@Example.jp" } });
    expect(added).toMatchObject({ created: true, roles: ["admin"] });
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, added.userId));
    expect(account).toMatchObject({ email: "owner@example.jp", role: "operator", passwordHash: null });
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(added.userId)));
    expect(entries).toMatchObject([
      { actorId: null, action: "roles:assign", changes: { roles: [[], ["admin"]] } },
    ]);

    // The link sets the password once; then the operator signs in (the back office asks for two-step).
    const linkToken = new URL(added.setPasswordLink!).searchParams.get("token")!;
    expect(added.setPasswordLink).toContain("/ja/settings/reset-password/?token=");
    const { ticket } = await openPasswordResetLink(t.ctx, { linkToken });
    const password = "correct-horse-battery-9";
    await resetPassword(t.ctx, { ticket, input: { password, passwordConfirmation: password } });
    const signedIn = await logIn(t.ctx, {
      input: { email: "owner@example.jp", password },
      kind: "web",
      persistent: false,
      ip: "192.0.2.1",
    });
    if (!("token" in signedIn)) throw new Error("expected a session");
    const user = await resolveSession(t.ctx, signedIn.token);
    expect(user).toMatchObject({ role: "operator", staffRoles: ["admin"], twoStepMissing: true });
    expect(said(await failure(openPasswordResetLink(t.ctx, { linkToken }))).message.en).toContain("expired");
  });

  it("adds roles to an existing operator, and refuses a member's address", async () => {
    const operator = await makeOperator(t.ctx, ["support"]);
    const more = await addOperator(t.ctx, { input: { email: operator.email, roles: ["finance"] } });
    expect(more).toMatchObject({ created: false, userId: operator.id, roles: ["finance", "support"] });

    const member = await makeMember(t.ctx);
    const refused = await failure(addOperator(t.ctx, { input: { email: member.email } }));
    expect(refused.code).toBe("CONFLICT");
    expect(said(refused).message.ja).toContain("会員");
    const [still] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(still!.role).toBe("member");
    const bad = await failure(addOperator(t.ctx, { input: { email: "not-an-address", roles: ["owner"] } }));
    expect(Object.keys(bad.fields).sort()).toEqual(["email", "roles.0"]);
  });
});
