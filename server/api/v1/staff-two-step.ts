import { RESET_TWO_STEP_LABELS, resetTwoStep, ZResetTwoStep } from "#core/staff/reset-two-step.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

/** The back office's reset of a member's two-step verification (decision 038). */
export const staffTwoStepRoutes = [
  defineRoute({
    method: "post",
    path: "/staff/members/{id}/two-step/reset",
    permission: "members:reset_two_step",
    summary:
      "Operators (members:reset_two_step): reset a member's two-step verification with a reason: the authenticator, SMS codes and backup codes go, every session ends, the member is mailed",
    tag: "staff",
    auth: "user",
    body: ZResetTwoStep,
    labels: RESET_TWO_STEP_LABELS,
    responses: {
      204: { description: "Reset" },
      403: { description: "Without the permission, or a staff account by a non-admin" },
      404: { description: "No such account" },
      409: { description: "One's own account, or two-step verification is not on" },
      422: { description: "The reason is missing or longer than 500 characters" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      await resetTwoStep(ctx, { actor, userId: idParam(params.id), input: body, meta: { requestId, ip } });
      return { status: 204 };
    },
  }),
];
