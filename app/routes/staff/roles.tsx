import { Form } from "react-router";
import { listOperators, setOperatorRoles } from "#core/staff/operator-roles.ts";
import { hasPermission, OPERATOR_ROLES, PERMISSIONS, ROLE_PERMISSIONS } from "#core/staff/permissions.ts";
import { ScrollRegion } from "../../components/scroll-region.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/roles";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("backOffice.rolesPage.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params));
  const mayAssign = hasPermission(actor.staffRoles, "roles:assign");
  return { mayAssign, operators: mayAssign ? await listOperators(core(context), { actor }) : [] };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "roles:assign");
  const form = await readForm(request);
  const userId = String(form.get("userId") ?? "");
  const reason = String(form.get("reason") ?? "");
  try {
    await setOperatorRoles(core(context), {
      actor,
      input: { userId: Number(userId), roles: form.getAll("roles").map(String), reason },
      meta: requestMeta(context),
    });
  } catch (error) {
    return formFailure(error, lang, { userId, reason });
  }
  return redirectWithFlash(context, `/${lang}/staff/roles/`, "backOffice.rolesSaved");
}

/** The roles against the permissions they grant, and (for admins) each operator's roles to change. */
export default function StaffRoles({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("backOffice");
  const failedFor = actionData?.values?.userId;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("rolesPage.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("rolesPage.lead")}</p>
      </div>
      <section aria-labelledby="matrix-title" className="flex flex-col gap-2">
        <h2 id="matrix-title" className="text-lg font-bold">
          {t("rolesPage.matrix")}
        </h2>
        <ScrollRegion
          label={t("rolesPage.matrix")}
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[48rem] text-sm" data-testid="permission-matrix">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  {t("rolesPage.permission")}
                </th>
                {OPERATOR_ROLES.map((role) => (
                  <th key={role} scope="col" className="px-2 py-2 text-center whitespace-nowrap">
                    {t(`roles.${role}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {PERMISSIONS.map((p) => (
                <tr key={p}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {t(`permissions.${p}`)} <code className="text-xs text-slate-500">{p}</code>
                  </th>
                  {OPERATOR_ROLES.map((role) => (
                    <td key={role} className="px-2 py-1.5 text-center">
                      {ROLE_PERMISSIONS[role].includes(p) ? (
                        <span className="font-bold text-emerald-700">
                          <span aria-hidden="true">●</span>
                          <span className="sr-only">{t("rolesPage.granted")}</span>
                        </span>
                      ) : (
                        <span className="text-slate-300">
                          <span aria-hidden="true">−</span>
                          <span className="sr-only">{t("rolesPage.notGranted")}</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {OPERATOR_ROLES.map((role) => (
            <div key={role} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <dt className="font-bold">{t(`roles.${role}`)}</dt>
              <dd className="text-slate-600">{t(`roleDescriptions.${role}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="staff-title" className="flex flex-col gap-2">
        <h2 id="staff-title" className="text-lg font-bold">
          {t("rolesPage.staff")}
        </h2>
        {!loaderData.mayAssign ? (
          <p className="text-sm text-slate-600">{t("rolesPage.onlyAdmins")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {loaderData.operators.map((op) => (
              <li key={op.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Form method="post" className="flex flex-col gap-3" aria-label={op.nickname}>
                  <input type="hidden" name="userId" value={op.id} />
                  <p className="font-semibold">
                    {op.nickname} <span className="text-sm font-normal text-slate-600">{op.email}</span>
                  </p>
                  <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
                    <legend className="sr-only">{t("fields.roles")}</legend>
                    {OPERATOR_ROLES.map((role) => (
                      <label key={role} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="roles"
                          value={role}
                          defaultChecked={op.roles.includes(role)}
                          className="size-4"
                        />
                        {t(`roles.${role}`)}
                      </label>
                    ))}
                  </fieldset>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      name="reason"
                      maxLength={500}
                      aria-label={t("fields.reason")}
                      placeholder={t("rolesPage.reasonPlaceholder")}
                      defaultValue={failedFor === String(op.id) ? actionData?.values?.reason : ""}
                      className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
                    />
                    <button
                      type="submit"
                      className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
                    >
                      {t("rolesPage.save")}
                    </button>
                  </div>
                  {failedFor === String(op.id) && (
                    <p role="alert" className="text-sm text-danger-700">
                      {actionData?.formError ?? Object.values(actionData?.errors ?? {})[0]}
                    </p>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
