import type { Permission } from "#core/staff/permissions.ts";

/**
 * The back office's sections, each with the permission that opens it. The navigation shows only
 * the sections the operator's roles grant; the pages check the same permission.
 */
export const STAFF_NAV = [
  { path: "", key: "dashboard", permission: "staff:access" },
  { path: "media/", key: "media", permission: "news:write" },
  { path: "audit/", key: "audit", permission: "audit:read" },
  { path: "roles/", key: "roles", permission: "staff:access" },
] as const satisfies readonly {
  path: string;
  key:
    | "dashboard"
    | "transactions"
    | "reports"
    | "support"
    | "identity"
    | "members"
    | "audit"
    | "exports"
    | "replies"
    | "media"
    | "roles";
  permission: Permission;
}[];

export type StaffNavKey = (typeof STAFF_NAV)[number]["key"];
