import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, sessions, twoStepSettings, users } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { enableSmsTwoStep } from "../identity/enable-sms-two-step.ts";
import { createSession, resolveSession } from "../identity/sessions.ts";
import { issueRecoveryCodes, twoStepStatus } from "../identity/two-step.ts";
import { resetTwoStep } from "./reset-two-step.ts";

const META = { requestId: "req-reset-1", ip: "192.0.2.9" };
const input = { reason: "本人確認書類で本人と確認（問い合わせ #1234）" };

describe.each(ENGINES)("resetting two-step verification on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A member with SMS two-step on, backup codes, and a session. */
  async function protectedMember() {
    const member = await makeMember(t.ctx);
    await t.ctx.db
      .update(users)
      .set({ phoneNumber: "09012340000", phoneVerifiedAt: new Date() })
      .where(eq(users.id, member.id));
    await enableSmsTwoStep(t.ctx, { actor: member });
    await issueRecoveryCodes(t.ctx, member.id);
    const session = await createSession(t.ctx, {
      userId: member.id,
      kind: "web",
      persistent: false,
      ip: "192.0.2.1",
    });
    return { member, session };
  }

  it("removes every second factor, ends the member's sessions, mails them and keeps who and why", async () => {
    const { member, session } = await protectedMember();
    const support = await makeOperator(t.ctx, ["support"]);
    await resetTwoStep(t.ctx, { actor: support, userId: member.id, input, meta: META });

    expect(await twoStepStatus(t.ctx, member.id)).toMatchObject({
      totp: false,
      sms: false,
      recoveryCodesLeft: 0,
    });
    expect(
      await t.ctx.db.select().from(twoStepSettings).where(eq(twoStepSettings.userId, member.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual(
      [],
    );
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await resolveSession(t.ctx, session.token)).toBeNull();
    // The verified number stays: only the second step goes.
    expect((await twoStepStatus(t.ctx, member.id)).phoneNumber).toBe("09012340000");

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "members:reset_two_step"), eq(auditLog.targetId, String(member.id))));
    expect(entry).toMatchObject({
      actorId: support.id,
      actorRoles: ["support"],
      targetType: "user",
      reason: input.reason,
      requestId: META.requestId,
      changes: { totp: [false, false], sms: [true, false], recoveryCodesLeft: [10, 0] },
    });
    const mail = await t.smtp.lastTo(member.email);
    expect(mail.subject).toBe("【Tsugu】二段階認証がリセットされました");
    expect(mail.text).toContain("/ja/settings/two-step/");
  });

  it("needs the permission and a reason, and changes nothing without them", async () => {
    const { member } = await protectedMember();
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(resetTwoStep(t.ctx, { actor: finance, userId: member.id, input }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(resetTwoStep(t.ctx, { actor: member, userId: member.id, input }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(resetTwoStep(t.ctx, { actor: null, userId: member.id, input }))).code).toBe(
      "UNAUTHORIZED",
    );
    const admin = await makeOperator(t.ctx, ["admin"]);
    const noReason = await failure(
      resetTwoStep(t.ctx, { actor: admin, userId: member.id, input: { reason: "  " } }),
    );
    expect(noReason.code).toBe("VALIDATION");
    expect(said(noReason).fields.reason!.ja).toContain("理由");
    expect((await twoStepStatus(t.ctx, member.id)).sms).toBe(true);
    expect(
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "members:reset_two_step")),
    ).toEqual([]);
  });

  it("refuses one's own, a staff account's unless by an admin, an unknown account, and one with nothing on", async () => {
    const support = await makeOperator(t.ctx, ["support"]);
    const self = await failure(resetTwoStep(t.ctx, { actor: support, userId: support.id, input }));
    expect(self.code).toBe("CONFLICT");
    expect(said(self).message.ja).toContain("ご自身の二段階認証はリセットできません");

    const colleague = await makeOperator(t.ctx, ["finance"]);
    const staff = await failure(resetTwoStep(t.ctx, { actor: support, userId: colleague.id, input }));
    expect(staff.code).toBe("FORBIDDEN");
    expect((await twoStepStatus(t.ctx, colleague.id)).totp).toBe(true);
    const admin = await makeOperator(t.ctx, ["admin"]);
    await resetTwoStep(t.ctx, { actor: admin, userId: colleague.id, input });
    expect((await twoStepStatus(t.ctx, colleague.id)).totp).toBe(false);

    expect((await failure(resetTwoStep(t.ctx, { actor: admin, userId: 999_999, input }))).code).toBe(
      "NOT_FOUND",
    );
    const plain = await makeMember(t.ctx);
    const nothing = await failure(resetTwoStep(t.ctx, { actor: admin, userId: plain.id, input }));
    expect(nothing.code).toBe("CONFLICT");
    expect(said(nothing).message.en).toContain("nothing to reset");
  });
});
