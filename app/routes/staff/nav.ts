import type { Permission } from "#core/staff/permissions.ts";

/**
 * The back office's sections, each with the permission that opens it. The navigation shows only
 * the sections the operator's roles grant; the pages check the same permission.
 */
export const STAFF_NAV = [
  { path: "", key: "dashboard", permission: "staff:access" },
  { path: "transactions/", key: "transactions", permission: "transactions:read" },
  { path: "reports/", key: "reports", permission: "reports:read" },
  { path: "identity/", key: "identity", permission: "identity:review" },
  { path: "support/", key: "support", permission: "support:read" },
  { path: "replies/", key: "replies", permission: "replies:manage" },
  { path: "members/", key: "members", permission: "members:read" },
  { path: "media/", key: "media", permission: "news:write" },
  { path: "audit/", key: "audit", permission: "audit:read" },
  { path: "exports/", key: "exports", permission: "exports:create" },
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
