import { data, Link } from "react-router";
import { isIdentityVerified } from "#core/account/is-identity-verified.ts";
import { needsSellerSetup } from "#core/account/seller-setup.ts";
import { deleteListingTemplate } from "#core/catalog/delete-listing-template.ts";
import { getListingTemplate } from "#core/catalog/get-listing-template.ts";
import { listListingTemplates } from "#core/catalog/list-listing-templates.ts";
import type { ListingTemplate } from "#core/catalog/listing-templates.ts";
import { mayEverSell } from "#core/catalog/may-sell.ts";
import { listModels } from "#core/catalog/models.ts";
import { saveListing } from "#core/catalog/publish-after-setup.ts";
import { saveListingTemplate } from "#core/catalog/save-listing-template.ts";
import { assertAttachable } from "#core/checks/attach-device-check.ts";
import { isAppError } from "#core/shared/errors.ts";
import { CheckPicker, defectLabels } from "../components/checks/check-picker.tsx";
import { HelpLink } from "../components/help/help-link.tsx";
import { ItemForm } from "../components/item-form.tsx";
import { TemplatePicker, TemplateSave } from "../components/sell/listing-templates.tsx";
import { useTranslations } from "../i18n/use-translations.ts";
import { attachChosenReport, checkLinkAnswer, pickableReports } from "../lib/device-checks.server.ts";
import type { FormState } from "../lib/form-state.ts";
import { langOf } from "../lib/lang.ts";
import {
  core,
  formFailure,
  idOf,
  readForm,
  redirectWithFlash,
  requireUser,
  services,
} from "../lib/request.server.ts";
import { titleMeta } from "../lib/seo.ts";
import type { Route } from "./+types/sell";
import { readItemForm } from "./items/item-form.server.ts";
import { stepUrl } from "./setup/setup.server.ts";

export const meta = titleMeta("catalog.sellTitle");
export const handle = { tab: "sell" };

/** A template's fields as the form's values (the defects as the form keeps them: "a,b"). */
function formValuesOf(template: ListingTemplate): Record<string, string> {
  return Object.fromEntries(
    Object.entries(template.fields).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(",") : value,
    ]),
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  // Business buyers and staff never list (the core refuses them too).
  if (!mayEverSell(user)) throw data("Forbidden", { status: 403 });
  // `?template=` fills the form from one of the seller's templates (another's fills nothing).
  const templateParam = new URL(request.url).searchParams.get("template") ?? "";
  const applied = idOf(templateParam)
    ? await getListingTemplate(ctx, { actor: user, templateId: idOf(templateParam) }).catch((error) => {
        if (isAppError(error)) return null;
        throw error;
      })
    : null;
  // A new member writes the listing first; the seller setup is asked for when they publish it.
  const [models, identityVerified, setupNeeded, templates, checks] = await Promise.all([
    listModels(ctx),
    isIdentityVerified(ctx, user.id),
    needsSellerSetup(ctx, user.id),
    listListingTemplates(ctx, { sellerId: user.id }),
    pickableReports(ctx, user),
  ]);
  // `?check=` (the check page's way back, a report's 「このレポートを付けて出品する」) picks that report.
  const wantedCheck = new URL(request.url).searchParams.get("check") ?? "";
  return {
    models: models.map(({ id, brandCode, name }) => ({ id, brandCode, name })),
    identityVerified,
    setupNeeded,
    templates: templates.map(({ id, name }) => ({ id, name })),
    applied: applied ? { id: applied.id, name: applied.name, values: formValuesOf(applied) } : null,
    deviceChecks: checks,
    wantedCheck: checks.some((c) => c.id === wantedCheck) ? wantedCheck : "",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const ctx = core(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "deleteTemplate") {
    try {
      await deleteListingTemplate(ctx, { actor, templateId: idOf(form.get("templateId")) });
      return redirectWithFlash(context, `/${lang}/sell/`, "catalog.templateDeleted");
    } catch (error) {
      return formFailure(error, lang, {});
    }
  }
  if (intent === "checkLink") {
    return checkLinkAnswer(ctx, { actor, lang, publicUrl: services(context).config.publicUrl });
  }
  const { input, photos, publish, confirmContradictions, values } = await readItemForm(form);
  const deviceCheck = String(form.get("deviceCheck") ?? "");
  values.deviceCheck = deviceCheck;
  if (intent === "template") {
    const templateName = String(form.get("templateName") ?? "");
    try {
      const name = templateName.trim();
      await saveListingTemplate(ctx, { actor, name, input });
      const saved: FormState & { templateSaved: string } = {
        values: { ...values, templateName },
        templateSaved: name,
      };
      return saved;
    } catch (error) {
      return formFailure(error, lang, { ...values, templateName });
    }
  }
  try {
    // The report chosen must be the member's own, in date and on no listing, before anything is saved.
    if (deviceCheck) await assertAttachable(ctx, { actor, input: { reportId: deviceCheck } });
    // Publishing before the seller setup keeps the listing as a draft, leads through the setup and
    // publishes it at the setup's end.
    const { id, setupFirst } = await saveListing(ctx, {
      actor,
      input,
      photos,
      publish,
      confirmContradictions,
    });
    if (deviceCheck && !(await attachChosenReport(ctx, { actor, itemId: id, reportId: deviceCheck }))) {
      return redirectWithFlash(context, `/${lang}/items/${id}/edit/`, "checks.notAttached");
    }
    if (setupFirst) {
      return redirectWithFlash(
        context,
        stepUrl(lang, "address", `/${lang}/items/${id}/`, id),
        "catalog.setupBeforePublish",
      );
    }
    return redirectWithFlash(
      context,
      `/${lang}/items/${id}/`,
      publish ? "catalog.published" : "catalog.draftSaved",
    );
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function Sell({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const lang = langOf(params);
  const { applied } = loaderData;
  // The QR code's answer goes to its own fetcher; the form's state is every other answer.
  const state = actionData && !("checkLink" in actionData) ? actionData : undefined;
  const saved =
    state && "templateSaved" in state && typeof state.templateSaved === "string"
      ? state.templateSaved
      : undefined;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">{t("sellTitle")}</h1>
      <div className="mb-4 flex flex-wrap gap-x-4 gap-y-1">
        <HelpLink lang={lang} slug="how-to-sell" />
        <HelpLink lang={lang} slug="prohibited-items" />
      </div>
      <p className="mb-4 text-sm text-slate-600">
        {t("sellInsteadBuybackNote")}{" "}
        <Link
          to={`/${langOf(params)}/buyback/`}
          className="font-semibold text-brand-700 underline"
          data-testid="sell-buyback-link"
        >
          {t("sellInsteadBuyback")}
        </Link>
      </p>
      {loaderData.setupNeeded && (
        <p
          className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-800"
          data-testid="setup-later-notice"
        >
          {t("setupLaterNotice")}
        </p>
      )}
      <TemplatePicker templates={loaderData.templates} applied={applied} />
      <ItemForm
        // A template applied starts the form over with its values.
        key={applied?.id ?? "blank"}
        lang={langOf(params)}
        models={loaderData.models}
        initial={applied?.values ?? {}}
        state={state}
        existingPhotos={[]}
        mode="new"
        identityVerified={loaderData.identityVerified}
        deviceCheck={
          <CheckPicker
            lang={lang}
            reports={loaderData.deviceChecks}
            selected={state?.values?.deviceCheck ?? loaderData.wantedCheck}
            error={state?.errors?.reportId}
            defectLabels={defectLabels(lang)}
          />
        }
        extra={
          <TemplateSave
            name={state?.values?.templateName}
            error={state?.errors?.templateName}
            saved={saved}
          />
        }
      />
    </div>
  );
}
