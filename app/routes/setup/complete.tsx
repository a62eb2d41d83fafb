import { Link, redirect } from "react-router";
import { completeSellerSetup } from "#core/account/seller-setup.ts";
import { publishAfterSetup } from "#core/catalog/publish-after-setup.ts";
import { isAppError } from "#core/shared/errors.ts";
import { SetupProgress } from "../../components/account/setup-progress.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, langOf, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/complete";
import { setupPublish, setupTarget, stepUrl } from "./setup.server.ts";

export const meta = titleMeta("setup.completeTitle");
export const handle = { tab: "sell" };

/**
 * Landing here finishes the setup, once both earlier steps are saved; otherwise back to the missing
 * one. The draft the member asked to publish before the setup (`publish`) goes on sale now, and they
 * land on it; one that no longer makes a complete listing opens in its edit form to be put right.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const target = setupTarget(request, lang);
  const publish = setupPublish(request);
  const result = await completeSellerSetup(ctx, user.id);
  if ("missing" in result) throw redirect(stepUrl(lang, result.missing, target, publish));
  if (publish !== null) {
    const outcome = await publishAfterSetup(ctx, { actor: user, itemId: publish }).then(
      () => "published" as const,
      (error: unknown) => {
        if (!isAppError(error)) throw error;
        return error.code === "VALIDATION" ? ("check" as const) : ("none" as const);
      },
    );
    if (outcome === "published") {
      throw redirectWithFlash(context, `/${lang}/items/${publish}/`, "catalog.published");
    }
    if (outcome === "check") {
      throw redirectWithFlash(context, `/${lang}/items/${publish}/edit/`, "catalog.publishAfterSetupCheck");
    }
  }
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
