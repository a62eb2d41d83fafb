import { Link, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { completeSellerSetup } from "#core/account/seller-setup.ts";
import { SetupProgress } from "../../components/account/setup-progress.tsx";
import { core, langOf, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/complete";
import { setupTarget, stepUrl } from "./setup.server.ts";

export const meta = titleMeta("setup.completeTitle");
export const handle = { tab: "sell" };

/** Landing here finishes the setup, once both earlier steps are saved; otherwise back to the missing one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const target = setupTarget(request, lang);
  const result = await completeSellerSetup(core(context), user.id);
  if ("missing" in result) throw redirect(stepUrl(lang, result.missing, target));
  return { target };
}

export default function SetupComplete({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("setup");
  const { target } = loaderData;
  return (
    <>
      <SetupProgress step="complete" />
      <section className="mx-auto w-full max-w-md text-center" aria-labelledby="page-title">
        <div
          aria-hidden="true"
          className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
        >
          ✓
        </div>
        <h1 id="page-title" className="mt-4 text-2xl font-bold">
          {t("completeTitle")}
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-slate-600">{t("completeBody")}</p>
        <Link
          to={target}
          className="mt-8 flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {/\/sell\/$/.test(target) ? t("toSell") : t("continue")}
        </Link>
      </section>
    </>
  );
}
