import { redirect } from "react-router";
import { getAddress } from "#core/account/get-address.ts";
import { AddressForm } from "../../components/account/address-form.tsx";
import { SetupCarry, SetupProgress } from "../../components/account/setup-progress.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { addressForPage, submitAddressForm } from "../../lib/account-forms.server.ts";
import { core, langOf, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/address";
import { setupPublish, setupTarget, stepUrl } from "./setup.server.ts";

export const meta = titleMeta("setup.title");
export const handle = { tab: "sell" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  return {
    address: addressForPage(await getAddress(core(context), user.id)),
    target: setupTarget(request, lang),
    publish: setupPublish(request),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const result = await submitAddressForm(core(context), { userId: actor.id, form, lang });
  if ("saved" in result)
    return redirect(
      stepUrl(lang, "bank-account", setupTarget(request, lang, form), setupPublish(request, form)),
    );
  return result;
}

export default function SetupAddress({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("setup");
  const address = useTranslations("address");
  return (
    <>
      <SetupProgress step="address" />
      <PageCard title={address("title")} lead={t("addressLead")}>
        <AddressForm
          lang={params.lang === "en" ? "en" : "ja"}
          state={actionData}
          saved={loaderData.address}
          submitLabel={t("next")}
        >
          <SetupCarry target={loaderData.target} publish={loaderData.publish} />
        </AddressForm>
      </PageCard>
    </>
  );
}
