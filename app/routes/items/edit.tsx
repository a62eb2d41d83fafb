import { data } from "react-router";
import { isIdentityVerified } from "#core/account/is-identity-verified.ts";
import { getItem } from "#core/catalog/get-item.ts";
import { listModels } from "#core/catalog/models.ts";
import { saveListing } from "#core/catalog/publish-after-setup.ts";
import { assertAttachable } from "#core/checks/attach-device-check.ts";
import { deviceCheckOfItem } from "#core/checks/get-device-check.ts";
import { CheckPicker, defectLabels } from "../../components/checks/check-picker.tsx";
import { ReportBadge, reportForPage } from "../../components/checks/report-view.tsx";
import { ItemForm } from "../../components/item-form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { attachChosenReport, checkLinkAnswer, pickableReports } from "../../lib/device-checks.server.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
  requireUser,
  services,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { stepUrl } from "../setup/setup.server.ts";
import type { Route } from "./+types/edit";
import { readItemForm } from "./item-form.server.ts";

export const meta = titleMeta("catalog.editTitle", { noindex: true });
export const handle = { back: "history", tab: "sell" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const item = await orNotFound(() => getItem(ctx, { itemId: pathIdOf(params), viewerId: user.id }));
  if (!item.viewer.isSeller) throw data("Forbidden", { status: 403 });
  if (!item.viewer.canEdit) throw data("This listing can no longer be edited", { status: 409 });
  const [models, identityVerified, deviceChecks, current] = await Promise.all([
    listModels(ctx),
    isIdentityVerified(ctx, user.id),
    pickableReports(ctx, user),
    deviceCheckOfItem(ctx, { itemId: item.id }),
  ]);
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    itemId: item.id,
    itemState: item.state,
    models: models.map(({ id, brandCode, name }) => ({ id, brandCode, name })),
    identityVerified,
    photos: item.photos.map((p) => ({ id: p.id, thumbUrl: p.thumbUrl })),
    deviceChecks,
    /** The report on the listing now, which a newer one would replace. */
    currentCheck: current ? reportForPage(current) : null,
    // `?check=` (the check page's way back) picks that report.
    wantedCheck: deviceChecks.find((c) => c.id === new URL(request.url).searchParams.get("check"))?.id ?? "",
    initial: {
      title: item.title,
      description: item.description,
      price: str(item.price),
      categoryCode: str(item.categoryCode),
      brandCode: str(item.brandCode),
      modelId: str(item.modelId),
      condition: str(item.condition),
      postage: str(item.postage),
      shippingMethod: str(item.shippingMethod),
      leadTime: str(item.leadTime),
      storageGb: str(item.storageGb),
      color: str(item.color),
      carrier: str(item.carrier),
      imei: str(item.imei),
      networkRestriction: str(item.networkRestriction),
      activationLock: str(item.activationLock),
      batteryHealth: str(item.batteryHealth),
      defects: item.defects.join(","),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const form = await readForm(request);
  if (form.get("intent") === "checkLink") {
    return checkLinkAnswer(ctx, { actor, lang, publicUrl: services(context).config.publicUrl });
  }
  const { input, photos, publish, confirmContradictions, values } = await readItemForm(form);
  const deviceCheck = String(form.get("deviceCheck") ?? "");
  values.deviceCheck = deviceCheck;
  try {
    // A newer report for the listing: checked before anything is saved, put on it after.
    if (deviceCheck) await assertAttachable(ctx, { actor, itemId, input: { reportId: deviceCheck } });
    const { state, setupFirst } = await saveListing(ctx, {
      actor,
      itemId,
      input,
      photos,
      publish,
      confirmContradictions,
    });
    if (deviceCheck && !(await attachChosenReport(ctx, { actor, itemId: itemId, reportId: deviceCheck }))) {
      return redirectWithFlash(context, `/${lang}/items/${itemId}/edit/`, "checks.notAttached");
    }
    // A draft published before the seller setup: saved, and published at the setup's end.
    if (setupFirst) {
      const here = `/${lang}/items/${itemId}/`;
      return redirectWithFlash(context, stepUrl(lang, "address", here, itemId), "catalog.setupBeforePublish");
    }
    return redirectWithFlash(
      context,
      `/${lang}/items/${itemId}/`,
      state === "DRAFT" ? "catalog.draftSaved" : "catalog.saved",
    );
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function EditItem({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const lang = langOf(params);
  // The QR code's answer goes to its own fetcher; the form's state is every other answer.
  const state = actionData && !("checkLink" in actionData) ? actionData : undefined;
  const { currentCheck } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t("editTitle")}</h1>
      <ItemForm
        lang={langOf(params)}
        models={loaderData.models}
        initial={loaderData.initial}
        state={state}
        existingPhotos={loaderData.photos}
        mode="edit"
        itemState={loaderData.itemState}
        identityVerified={loaderData.identityVerified}
        deviceCheck={
          <>
            {currentCheck && <ReportBadge report={currentCheck} lang={lang} />}
            <CheckPicker
              lang={lang}
              reports={loaderData.deviceChecks}
              selected={state?.values?.deviceCheck ?? loaderData.wantedCheck}
              error={state?.errors?.reportId}
              defectLabels={defectLabels(lang)}
              hasCurrent={currentCheck !== null}
            />
          </>
        }
      />
    </div>
  );
}
