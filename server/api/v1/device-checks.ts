import { z } from "zod";
import { attachDeviceCheck, ZAttachDeviceCheck } from "#core/checks/attach-device-check.ts";
import { createCheckLink } from "#core/checks/check-link.ts";
import type { DeviceCheckView } from "#core/checks/device-check-view.ts";
import { getDeviceCheck, listUnattachedDeviceChecks } from "#core/checks/get-device-check.ts";
import { saveDeviceCheck, ZSaveDeviceCheck } from "#core/checks/save-device-check.ts";
import {
  CHECK_OUTCOMES,
  CHECK_TESTS,
  type CheckTest,
  DISPLAY_DEFECTS,
  NOT_TESTABLE,
} from "#core/checks/tests.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const ZOutcome = z.enum(CHECK_OUTCOMES);

const ZDeviceCheck = z.object({
  id: z.string().describe("The report's short id"),
  itemId: z.number().int().nullable().describe("The listing the report is on, if any"),
  checkedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().describe("30 days after the check"),
  standing: z
    .enum(["genuine", "tampered", "expired"])
    .describe("The verification: the server's signature holds and the report is in date, or why not"),
  tests: z
    .object(
      Object.fromEntries(CHECK_TESTS.map((test) => [test, ZOutcome])) as Record<CheckTest, typeof ZOutcome>,
    )
    .describe("Each test's outcome: pass, fail, skipped, or unsupported by the device's browser"),
  counts: z.object({
    pass: z.number().int(),
    fail: z.number().int(),
    skipped: z.number().int(),
    unsupported: z.number().int(),
  }),
  displayDefects: z.array(z.enum(DISPLAY_DEFECTS)),
  battery: z.object({ level: z.number(), charging: z.boolean() }).nullable(),
  network: z.object({ online: z.boolean(), type: z.string().nullable() }),
  device: z.object({
    platform: z.string().nullable(),
    model: z.string().nullable(),
    mobile: z.boolean().nullable(),
    screen: z.object({ width: z.number().int(), height: z.number().int(), pixelRatio: z.number() }),
  }),
  claimed: z.object({
    brandCode: z.string().nullable().describe("The brand the member claims, as a brand code (00001 Apple …)"),
    model: z.string().nullable(),
  }),
  mismatch: z.boolean().describe("What the browser says about the device contradicts the claimed model"),
  finishedOnOtherDevice: z.boolean(),
  notTested: z.array(z.enum(NOT_TESTABLE)).describe("What no browser can test; the report never claims it"),
});

const json = (view: DeviceCheckView) => {
  const { memberId: _, ...rest } = view;
  return { ...rest, checkedAt: view.checkedAt.toISOString(), expiresAt: view.expiresAt.toISOString() };
};

export const deviceCheckRoutes = [
  defineRoute({
    method: "post",
    path: "/device-checks/links",
    summary:
      "A link (for a QR code) that lets the device being sold run the self-check for the caller without signing in there; valid for an hour",
    tag: "checks",
    auth: "user",
    responses: {
      201: {
        description: "The link's token",
        schema: z.object({ token: z.string(), expiresAt: z.iso.datetime() }),
      },
    },
    async handler({ ctx, actor }) {
      const link = createCheckLink(ctx, { actor: actor! });
      return { status: 201, body: { token: link.token, expiresAt: link.expiresAt.toISOString() } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/device-checks",
    summary:
      "Keep a finished self-check as a report signed by the server, valid for 30 days: signed in on the device, or with a check link",
    tag: "checks",
    auth: "optional",
    body: ZSaveDeviceCheck,
    responses: {
      201: { description: "The signed report", schema: ZDeviceCheck },
      401: { description: "Neither signed in nor a check link" },
      422: { description: "A malformed result, an expired or altered link, or another device not confirmed" },
    },
    async handler({ ctx, actor, body }) {
      return { status: 201, body: json(await saveDeviceCheck(ctx, { actor, input: body })) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/device-checks",
    summary: "The caller's reports in date and not on a listing yet, newest first",
    tag: "checks",
    auth: "user",
    responses: { 200: { description: "Reports", schema: z.object({ data: z.array(ZDeviceCheck) }) } },
    async handler({ ctx, actor }) {
      return {
        status: 200,
        body: { data: (await listUnattachedDeviceChecks(ctx, { actor: actor! })).map(json) },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/device-checks/{id}",
    summary:
      "A report and its verification: its member sees it always, anyone once it is on a public listing",
    tag: "checks",
    auth: "optional",
    responses: {
      200: { description: "The report", schema: ZDeviceCheck },
      404: { description: "No such report, or not one the caller may see" },
    },
    async handler({ ctx, actor, params }) {
      return {
        status: 200,
        body: json(await getDeviceCheck(ctx, { reportId: params.id ?? "", viewer: actor })),
      };
    },
  }),
  defineRoute({
    method: "put",
    path: "/items/{id}/device-check",
    summary:
      "Put one of the caller's reports on their listing, signed again for it (a newer report replaces the one before)",
    tag: "checks",
    auth: "user",
    body: ZAttachDeviceCheck,
    responses: {
      200: { description: "The report, now the listing's", schema: ZDeviceCheck },
      403: { description: "Someone else's listing or report" },
      404: { description: "No such listing" },
      409: { description: "The report is on another listing" },
      422: { description: "No such report, an altered one, or one past its 30 days" },
    },
    async handler({ ctx, actor, params, body }) {
      const view = await attachDeviceCheck(ctx, { actor: actor!, itemId: idParam(params.id), input: body });
      return { status: 200, body: json(view) };
    },
  }),
];
