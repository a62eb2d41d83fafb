import { data, redirect } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { RequestMeta } from "#core/staff/authorize.ts";
import type { BulkOutcome } from "#core/staff/bulk.ts";
import { hasPermission, type Permission } from "#core/staff/permissions.ts";
import type { BulkReport } from "../../components/staff/bulk-results.tsx";
import { pageUrlOf, requestInfo, requireUser } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof requireUser>[0];

/**
 * A back-office page: visitors go to login; members, business buyers and operators whose roles do
 * not grant `permission` get a 403 (never a 404 that would tell what exists); an operator without
 * two-step verification is sent to set it up. The core checks the
 * permission again, against the database, in every use case the page calls.
 */
export function requireStaff(
  context: Ctx,
  request: Request,
  lang: Locale,
  permission: Permission = "staff:access",
): SessionUser {
  const user = requireUser(context, request, lang);
  if (user.role !== "operator" || !hasPermission(user.staffRoles, permission)) {
    throw data("Forbidden", { status: 403 });
  }
  // Operators must use two-step verification: set it up first, then come back here.
  if (user.twoStepMissing) {
    throw redirect(`/${lang}/settings/two-step/?redirect=${encodeURIComponent(pageUrlOf(request))}`);
  }
  return user;
}

/** The request's id and address, kept in the audit log beside what an operator did. */
export function requestMeta(context: Ctx): RequestMeta {
  const info = requestInfo(context);
  return { requestId: info.requestId, ip: info.ip };
}

/** A bulk action's outcomes as the page shows them: each row done, or not with why, in the page's language. */
export function bulkReport(outcomes: BulkOutcome[], lang: Locale): BulkReport {
  return {
    rows: outcomes.map((o) => ({ id: o.id, ok: o.ok, reason: o.ok ? null : renderMessage(o.reason, lang) })),
  };
}
