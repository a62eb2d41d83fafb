import { Link, useLocation } from "react-router";
import { listModels } from "#core/catalog/models.ts";
import { checkLinkMember, saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { AppError, isAppError, localizeError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { brandCodeOf, CheckRunner } from "../../components/checks/check-runner.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, requestInfo } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/check";

export const meta = titleMeta("checks.page.title", { noindex: true });
export const handle = { back: "history" };

/**
 * The form the check was opened from (`?return=`): the sell page, a listing's edit page or the
 * buyback application.
 */
function formOf(path: string | null): string | null {
  return path && /^\/(ja|en)\/(sell|items\/[1-9]\d{0,14}\/edit|buyback\/application)\/$/.test(path)
    ? path
    : null;
}

/**
 * The self-check, opened on the device being sold: signed in there, or through the check link of
 * the QR code the listing form shows on another screen (`?link=`). `?brand=` and `?model=` fill the
 * model the member claims; `?return=` names the listing form it leads back to afterwards.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const ctx = core(context);
  const search = new URL(request.url).searchParams;
  const link = search.get("link");
  let linkError: string | null = null;
  if (link !== null) {
    try {
      await checkLinkMember(ctx, link);
    } catch (error) {
      if (!isAppError(error)) throw error;
      const text = localizeError(error, lang);
      linkError = text.fields.link ?? text.message;
    }
  }
  const brand = search.get("brand");
  const model = (search.get("model") ?? "").trim().slice(0, 100);
  const models = await listModels(ctx);
  return {
    signedIn: requestInfo(context).user !== null,
    link: link !== null && linkError === null ? link : null,
    linkError,
    returnTo: link === null ? formOf(search.get("return")) : null,
    claim: {
      brandCode: brandCodeOf(brand),
      model: model || null,
    },
    modelNames: models.map((m) => ({ brandCode: m.brandCode, name: m.name })),
  };
}

/** Saves the finished check as the member's signed report. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const raw = form.get("result");
  const link = form.get("link");
  try {
    let result: unknown;
    try {
      result = JSON.parse(typeof raw === "string" ? raw : "");
    } catch {
      result = null;
    }
    if (!result || typeof result !== "object" || Array.isArray(result)) {
      throw new AppError("VALIDATION", { fields: { tests: msg("checks.errors.malformed") } });
    }
    const report = await saveDeviceCheck(core(context), {
      actor: requestInfo(context).user,
      input: { ...result, ...(typeof link === "string" && link ? { link } : {}) },
    });
    return { saved: { id: report.id } };
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function Check({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("checks.page");
  const lang = langOf(params);
  const { signedIn, link, linkError } = loaderData;
  const { search } = useLocation();
  const intro = (
    <div className="flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
      <p>{t("lead")}</p>
      <p className="font-semibold text-slate-800">{t("duration")}</p>
      <p className="rounded-lg bg-slate-100 p-3">{link ? t("viaLink") : t("onTheDevice")}</p>
    </div>
  );
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-5">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {linkError ? (
        <div
          role="alert"
          className="rounded-lg border border-danger-600 bg-red-50 p-4 text-sm text-danger-600"
        >
          <p className="font-semibold">{t("linkProblem")}</p>
          <p className="mt-1" data-testid="check-link-error">
            {linkError}
          </p>
        </div>
      ) : !signedIn && !link ? (
        <>
          {intro}
          <p className="text-sm font-semibold text-slate-800">{t("signInFirst")}</p>
          <Link
            to={`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/check/${search}`)}`}
            className="flex min-h-12 items-center justify-center rounded-full bg-brand-600 px-5 font-semibold text-white"
            data-testid="check-sign-in"
          >
            {t("signIn")}
          </Link>
        </>
      ) : (
        <CheckRunner
          lang={lang}
          link={link}
          returnTo={loaderData.returnTo}
          claim={loaderData.claim}
          modelNames={loaderData.modelNames}
          intro={intro}
        />
      )}
    </div>
  );
}
