import { data, redirect } from "react-router";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { assignQueueItem } from "#core/staff/assign-queue-item.ts";
import { QUEUE_NAMES, type QueueName } from "#core/staff/queues.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formValues, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import type { Route } from "./+types/assign";
import { requestMeta, requireStaff } from "./staff.server.ts";

/** Nothing to show: the form lives on each queue item's page. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  requireStaff(context, request, lang);
  return redirect(`/${lang}/staff/`);
}

/** Assigns a queue item to an operator, then goes back to the item's page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang);
  const v = formValues(await readForm(request), ["queue", "itemId", "to", "back"]);
  const back = /^\/(ja|en)\/staff\/[a-z0-9/-]*$/.test(v.back) ? v.back : `/${lang}/staff/`;
  if (
    !(QUEUE_NAMES as string[]).includes(v.queue) ||
    !/^[1-9]\d{0,14}$/.test(v.itemId) ||
    !/^[1-9]\d{0,14}$/.test(v.to)
  ) {
    throw data("Bad request", { status: 400 });
  }
  try {
    await assignQueueItem(core(context), {
      actor,
      queue: v.queue as QueueName,
      itemId: Number(v.itemId),
      to: Number(v.to),
      meta: requestMeta(context),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw data(localizeError(error, lang).message, { status: error.status });
  }
  return redirectWithFlash(context, back, "backOffice.assign.assigned");
}
