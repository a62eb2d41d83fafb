import { Link } from "react-router";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { finishSecurePurchase } from "#core/trading/finish-secure-purchase.ts";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/secure-result";

export const meta = titleMeta("buying.secureResultTitle");

/** Back from the card issuer: the redirect proves nothing, so the provider is asked for the verdict. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const itemId = pathIdOf(params);
  try {
    const result = await orNotFound(() => finishSecurePurchase(core(context), { actor: user, itemId }));
    if (result.state === "AUTH") return { failure: null, pending: true };
    throw redirectWithFlash(context, `/${lang}/items/${itemId}/transactions/`, "buying.purchased");
  } catch (error) {
    if (isAppError(error) && error.code === "PAYMENT_FAILED")
      return { failure: localizeError(error, lang).message, pending: false };
    throw error;
  }
}

export default function SecureResult({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  return (
    <PageCard title={loaderData.failure ? t("secureFailed") : t("secureResultTitle")}>
      <p role={loaderData.failure ? "alert" : undefined} className="text-sm">
        {loaderData.failure ?? t("securePending")}
      </p>
      {loaderData.pending && (
        <Link
          to={`/${lang}/items/${params.id}/secure/`}
          className="mt-4 inline-block text-brand-700 underline"
        >
          {t("secureGo")}
        </Link>
      )}
      <Link to={`/${lang}/items/${params.id}/`} className="mt-4 block text-brand-700 underline">
        {t("backToItem")}
      </Link>
    </PageCard>
  );
}
