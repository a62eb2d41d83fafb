import { Form } from "react-router";
import {
  memberPersonalData,
  PERSONAL_FIELDS,
  type PersonalField,
  revealPersonalData,
} from "#core/staff/personal-data.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, pathIdOf, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/personal-data";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("backOffice.pii.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "members:read");
  const memberId = pathIdOf(params);
  return { memberId, ...(await orNotFound(() => memberPersonalData(core(context), { actor, memberId }))) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "pii:read");
  const form = await readForm(request);
  const field = String(form.get("field") ?? "");
  const itemId = Number(form.get("itemId") ?? "") || undefined;
  try {
    const revealed = await revealPersonalData(core(context), {
      actor,
      memberId: pathIdOf(params),
      field: (PERSONAL_FIELDS as readonly string[]).includes(field) ? (field as PersonalField) : "email",
      itemId,
      meta: requestMeta(context),
    });
    return { revealed };
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** A member's personal data, masked; operators holding pii:read reveal one value at a time, audited. */
export default function StaffPersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("backOffice.pii");
  const revealed = actionData && "revealed" in actionData ? actionData.revealed : null;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      {!loaderData.mayReveal && <p className="text-sm text-slate-600">{t("noPermission")}</p>}
      {actionData && "formError" in actionData && actionData.formError && (
        <p role="alert" className="text-sm text-danger-700">
          {actionData.formError}
        </p>
      )}
      <dl className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {loaderData.values.map((v) => {
          const shown =
            revealed && revealed.field === v.field && (revealed.itemId ?? null) === (v.itemId ?? null);
          return (
            <div
              key={`${v.field}-${v.itemId ?? ""}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
            >
              <dt className="w-40 shrink-0 font-semibold text-slate-700">
                {t(`fields.${v.field}`)}
                {v.itemId ? (
                  <span className="ml-1 text-xs font-normal text-slate-500">
                    {t("item", { id: v.itemId })}
                  </span>
                ) : null}
              </dt>
              <dd
                className="min-w-0 flex-1 break-all"
                data-testid={`pii-${v.field}${v.itemId ? `-${v.itemId}` : ""}`}
              >
                {shown ? <strong>{revealed.value ?? t("none")}</strong> : (v.masked ?? t("none"))}
              </dd>
              {loaderData.mayReveal && v.masked && !shown && (
                <Form method="post">
                  <input type="hidden" name="field" value={v.field} />
                  {v.itemId ? <input type="hidden" name="itemId" value={v.itemId} /> : null}
                  <button
                    type="submit"
                    className="rounded-full px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50"
                  >
                    {t("reveal")}
                  </button>
                </Form>
              )}
            </div>
          );
        })}
      </dl>
    </div>
  );
}
