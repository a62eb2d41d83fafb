import { redirect } from "react-router";
import { BankAccountForm } from "../../components/account/bank-account-form.tsx";
import { SetupCarry, SetupProgress } from "../../components/account/setup-progress.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { bankAccountFormData, submitBankAccountForm } from "../../lib/account-forms.server.ts";
import { core, langOf, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/bank-account";
import { setupPublish, setupTarget, stepUrl } from "./setup.server.ts";

export const meta = titleMeta("setup.title");
export const handle = { back: "/setup/address/", tab: "sell" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  return {
    ...(await bankAccountFormData(core(context), user)),
    target: setupTarget(request, lang),
    publish: setupPublish(request),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const result = await submitBankAccountForm(core(context), { actor, form, lang });
  if ("saved" in result)
    return redirect(
      stepUrl(lang, "credit-card", setupTarget(request, lang, form), setupPublish(request, form)),
    );
  return result;
}

export default function SetupBankAccount({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("setup");
  const bank = useTranslations("bank");
  return (
    <>
      <SetupProgress step="bankAccount" />
      <PageCard title={bank("title")} lead={t("bankLead")}>
        <BankAccountForm
          lang={params.lang === "en" ? "en" : "ja"}
          state={actionData}
          saved={loaderData.account}
          popular={loaderData.popular}
          submitLabel={t("next")}
          askPassword={loaderData.askPassword}
        >
          <SetupCarry target={loaderData.target} publish={loaderData.publish} />
        </BankAccountForm>
      </PageCard>
    </>
  );
}
