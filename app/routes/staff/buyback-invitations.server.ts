import { cancelInvitation } from "#core/buyback/cancel-invitation.ts";
import { resendInvitation } from "#core/buyback/resend-invitation.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { core } from "../../lib/request.server.ts";
import { DONE, type Done } from "./buyback-invitations.tsx";
import { requestMeta } from "./staff.server.ts";

type Ctx = Parameters<typeof core>[0];

const ID = /^[1-9]\d{0,14}$/;

/**
 * Sends an invitation again or withdraws it (the form's `intent`), audited in the core; answers
 * what the page should say, or null when the form was about something else.
 */
export async function invitationIntent(
  context: Ctx,
  actor: SessionUser,
  form: FormData,
): Promise<"resent" | "canceled" | null> {
  const intent = form.get("intent");
  if (intent !== "resend" && intent !== "cancel") return null;
  const ids = [form.get("companyId"), form.get("invitationId")].map((v) => String(v ?? ""));
  const [companyId, invitationId] = ids.map((v) => (ID.test(v) ? Number(v) : 0)) as [number, number];
  const o = { actor, companyId, invitationId, meta: requestMeta(context) };
  if (intent === "resend") await resendInvitation(core(context), o);
  else await cancelInvitation(core(context), o);
  return intent === "resend" ? "resent" : "canceled";
}

export function doneOf(request: Request): Done | null {
  const done = new URL(request.url).searchParams.get("done");
  return (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null;
}
