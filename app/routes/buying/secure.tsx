import { redirect } from "react-router";
import { getSecureStep } from "#core/trading/get-purchase-quote.ts";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, pathIdOf, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/secure";

export const meta = titleMeta("buying.secureTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const url = await getSecureStep(ctx, {
    actor: user,
    itemId,
    returnUrl: `${ctx.publicUrl}/${lang}/items/${itemId}/secure/result/`,
  });
  // Nothing waits for authentication: the result page knows what happened.
  if (!url) throw redirect(`/${lang}/items/${itemId}/secure/result/`);
  return { url };
}

export default function Secure({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("buying");
  return (
    <PageCard title={t("secureTitle")} lead={t("secureLead")}>
      <a
        href={loaderData.url}
        className="flex h-12 w-full items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white"
      >
        {t("secureGo")}
      </a>
    </PageCard>
  );
}
