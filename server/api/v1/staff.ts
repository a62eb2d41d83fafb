import { z } from "zod";
import { msg } from "#core/shared/i18n/translate.ts";
import { listOperators, setOperatorRoles } from "#core/staff/operator-roles.ts";
import { OPERATOR_ROLES, PERMISSIONS, ROLE_PERMISSIONS } from "#core/staff/permissions.ts";
import { memberPersonalData, PERSONAL_FIELDS, revealPersonalData } from "#core/staff/personal-data.ts";
import { QUEUE_NAMES, queueSummaries } from "#core/staff/queues.ts";
import { searchAudit } from "#core/staff/search-audit.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

/** The back office's own endpoints: queues, audit log, roles and personal data. Each asks the core for its permission. */

const ZQueue = z.object({
  queue: z.enum(QUEUE_NAMES as [string, ...string[]]),
  count: z.number().int(),
  oldestAgeMs: z.number().int().nullable(),
  overdue: z.boolean(),
  targetMs: z.number().int(),
});
const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRoles: z.array(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe("Per field: [before, after]"),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
const ZAuditQuery = z.object({
  action: z.string().max(64).optional(),
  actor_id: z.string().max(16).optional(),
  target_type: z.string().max(32).optional(),
  target_id: z.string().max(64).optional(),
  from: z.string().max(10).optional().describe("First day, YYYY-MM-DD (Asia/Tokyo)"),
  to: z.string().max(10).optional().describe("Last day, YYYY-MM-DD (Asia/Tokyo)"),
  before: z.string().max(16).optional().describe("The `next_before` of the previous page"),
});
const ZOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
});
const ZPersonal = z.object({
  field: z.enum(PERSONAL_FIELDS),
  masked: z.string().nullable(),
  itemId: z.number().int().optional(),
});

export const staffRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/queues",
    permission: "staff:access",
    summary: "Operators: the work queues the caller may open, with counts and the oldest item's age",
    tag: "staff",
    auth: "user",
    responses: { 200: { description: "The queues", schema: z.object({ queues: z.array(ZQueue) }) } },
    async handler({ ctx, actor }) {
      return { status: 200, body: { queues: await queueSummaries(ctx, { actor }) } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/audit",
    permission: "audit:read",
    summary:
      "Operators (audit:read): the audit log, newest first, 50 to a page, with a target's state history",
    tag: "staff",
    auth: "user",
    query: ZAuditQuery,
    responses: {
      200: {
        description: "Entries",
        schema: z.object({
          entries: z.array(ZAuditEntry),
          nextBefore: z.number().int().nullable(),
          stateHistory: z.array(z.record(z.string(), z.unknown())),
        }),
      },
    },
    async handler({ ctx, actor, query }) {
      const found = await searchAudit(ctx, {
        actor,
        input: {
          action: query.action,
          actorId: query.actor_id,
          targetType: query.target_type,
          targetId: query.target_id,
          from: query.from,
          to: query.to,
          before: query.before,
        },
      });
      return {
        status: 200,
        body: { entries: found.rows, nextBefore: found.nextBefore, stateHistory: found.history },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/permissions",
    permission: "staff:access",
    summary: "Operators: which permissions each role grants",
    tag: "staff",
    auth: "user",
    responses: {
      200: {
        description: "Roles and their permissions",
        schema: z.object({
          permissions: z.array(z.string()),
          roles: z.record(z.string(), z.array(z.string())),
        }),
      },
    },
    async handler() {
      return { status: 200, body: { permissions: PERMISSIONS, roles: ROLE_PERMISSIONS } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/operators",
    permission: "roles:assign",
    summary: "Admins (roles:assign): every operator account and its roles",
    tag: "staff",
    auth: "user",
    responses: { 200: { description: "Operators", schema: z.object({ operators: z.array(ZOperator) }) } },
    async handler({ ctx, actor }) {
      return { status: 200, body: { operators: await listOperators(ctx, { actor }) } };
    },
  }),
  defineRoute({
    method: "put",
    path: "/staff/operators/{id}/roles",
    permission: "roles:assign",
    summary: "Admins (roles:assign): set an operator's roles (audited)",
    tag: "staff",
    auth: "user",
    body: z.object({ roles: z.array(z.string().max(32)).max(10), reason: z.string().max(500).optional() }),
    labels: { roles: msg("backOffice.fields.roles"), reason: msg("backOffice.fields.reason") },
    responses: {
      200: { description: "The roles now held", schema: z.object({ roles: z.array(z.string()) }) },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const result = await setOperatorRoles(ctx, {
        actor,
        input: { userId: idParam(params.id), roles: body.roles, reason: body.reason },
        meta: { requestId, ip },
      });
      return { status: 200, body: result };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/members/{id}/personal-data",
    permission: "members:read",
    summary: "Operators (members:read): a member's personal data, masked",
    tag: "staff",
    auth: "user",
    responses: {
      200: {
        description: "Masked values",
        schema: z.object({ values: z.array(ZPersonal), mayReveal: z.boolean() }),
      },
    },
    async handler({ ctx, actor, params }) {
      return { status: 200, body: await memberPersonalData(ctx, { actor, memberId: idParam(params.id) }) };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/members/{id}/personal-data/reveal",
    permission: "pii:read",
    summary: "Operators (pii:read): one value of a member's personal data in full (audited)",
    tag: "staff",
    auth: "user",
    body: z.object({
      field: z.enum(PERSONAL_FIELDS),
      itemId: z.number().int().positive().optional(),
      reason: z.string().max(500).optional(),
    }),
    labels: { field: msg("backOffice.pii.title"), reason: msg("backOffice.fields.reason") },
    responses: {
      200: {
        description: "The value",
        schema: z.object({
          field: z.string(),
          value: z.string().nullable(),
          itemId: z.number().int().optional(),
        }),
      },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const revealed = await revealPersonalData(ctx, {
        actor,
        memberId: idParam(params.id),
        field: body.field,
        itemId: body.itemId,
        reason: body.reason,
        meta: { requestId, ip },
      });
      return { status: 200, body: revealed };
    },
  }),
];
