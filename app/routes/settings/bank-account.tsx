import { BankAccountForm } from "../../components/account/bank-account-form.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { bankAccountFormData, submitBankAccountForm } from "../../lib/account-forms.server.ts";
import { core, langOf, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/bank-account";

export const meta = titleMeta("bank.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return bankAccountFormData(core(context), user);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const result = await submitBankAccountForm(core(context), {
    actor,
    form: await readForm(request),
    lang,
  });
  if ("saved" in result) return redirectWithFlash(context, `/${lang}/mypage/`, "bank.saved");
  return result;
}

export default function SettingsBankAccount({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("bank");
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <BankAccountForm
        lang={params.lang === "en" ? "en" : "ja"}
        state={actionData}
        saved={loaderData.account}
        popular={loaderData.popular}
        submitLabel={t("submit")}
        askPassword={loaderData.askPassword}
      />
    </PageCard>
  );
}
