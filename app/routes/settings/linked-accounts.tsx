import { Form } from "react-router";
import { useFormatter } from "use-intl";
import { listLinkedAccounts, unlinkAccount } from "#core/identity/linked-accounts.ts";
import { PROVIDER_NAMES, ProviderButton } from "../../components/account/provider-buttons.tsx";
import { FormError } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/linked-accounts";

export const meta = titleMeta("providers.linked.title");
export const handle = { back: "/settings/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const { linked, available } = await listLinkedAccounts(core(context), { actor: user });
  return {
    linked: linked.map((l) => ({
      ...l,
      linkedAt: l.linkedAt.toISOString(),
      lastUsedAt: l.lastUsedAt?.toISOString() ?? null,
    })),
    available,
  };
}

/** Unlinks one provider (linking goes through `/login/with/{provider}/`). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const form = await readForm(request);
  try {
    await unlinkAccount(core(context), { actor: user, provider: String(form.get("provider") ?? "") });
    return redirectWithFlash(context, `/${lang}/settings/linked-accounts/`, "providers.linked.unlinkedDone");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** `/settings/linked-accounts/`: the member's LINE, Google and Apple accounts, to link and unlink. */
export default function LinkedAccounts({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("providers.linked");
  const format = useFormatter();
  const lang = langOf(params);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      <FormError message={actionData?.formError} />
      <ul className="flex flex-col gap-3" data-testid="linked-accounts">
        {loaderData.linked.map((l) => (
          <li
            key={l.provider}
            data-testid="linked-account"
            data-provider={l.provider}
            className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{PROVIDER_NAMES[l.provider]}</p>
              {l.email && <p className="truncate text-sm text-slate-600">{l.email}</p>}
              <p className="mt-1 text-xs text-slate-500">
                {t("linkedAt", { date: format.dateTime(new Date(l.linkedAt), { dateStyle: "medium" }) })}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="provider" value={l.provider} />
              <button
                type="submit"
                className="min-h-11 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t("unlink")}
              </button>
            </Form>
          </li>
        ))}
        {loaderData.linked.length === 0 && (
          <li className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
            {t("none")}
          </li>
        )}
      </ul>
      {loaderData.available.length > 0 && (
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          {loaderData.available.map((p) => (
            <ProviderButton
              key={p}
              lang={lang}
              provider={p}
              intent="link"
              label={t("linkWith", { provider: PROVIDER_NAMES[p] })}
              redirect={`/${lang}/settings/linked-accounts/`}
            />
          ))}
        </div>
      )}
    </div>
  );
}
