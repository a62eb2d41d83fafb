import { formatAddress } from "#core/account/address-format.ts";
import { getAddress } from "#core/account/get-address.ts";
import { AddressForm } from "../../components/account/address-form.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { addressForPage, submitAddressForm } from "../../lib/account-forms.server.ts";
import { core, langOf, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/address";

export const meta = titleMeta("address.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return { address: addressForPage(await getAddress(core(context), user.id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const result = await submitAddressForm(core(context), {
    userId: actor.id,
    form: await readForm(request),
    lang,
  });
  if ("saved" in result) return redirectWithFlash(context, `/${lang}/mypage/`, "address.saved");
  return result;
}

export default function SettingsAddress({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("address");
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      {loaderData.address && (
        <dl className="mb-5 text-sm">
          <dt className="font-semibold text-slate-800">{t("current")}</dt>
          <dd className="mt-1 leading-relaxed text-slate-600" data-testid="current-address">
            {loaderData.address.familyName} {loaderData.address.givenName}
            <br />
            {formatAddress(loaderData.address)}
          </dd>
        </dl>
      )}
      <AddressForm
        lang={params.lang === "en" ? "en" : "ja"}
        state={actionData}
        saved={loaderData.address}
        submitLabel={t("submit")}
      />
    </PageCard>
  );
}
