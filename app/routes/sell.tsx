import { data, Link } from "react-router";
import { useTranslations } from "use-intl";
import { isIdentityVerified } from "#core/account/is-identity-verified.ts";
import { needsSellerSetup } from "#core/account/seller-setup.ts";
import { mayEverSell } from "#core/catalog/may-sell.ts";
import { listModels } from "#core/catalog/models.ts";
import { saveItem } from "#core/catalog/save-item.ts";
import { ItemForm } from "../components/item-form.tsx";
import { langOf } from "../lib/lang.ts";
import { core, formFailure, redirectWithFlash, requireUser } from "../lib/request.server.ts";
import { titleMeta } from "../lib/seo.ts";
import type { Route } from "./+types/sell";
import { readItemForm } from "./items/item-form.server.ts";

export const meta = titleMeta("catalog.sellTitle");
export const handle = { tab: "sell" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  // Business buyers and staff never list (the core refuses them too).
  if (!mayEverSell(user)) throw data("Forbidden", { status: 403 });
  // A new member writes the listing first; the seller setup is asked for when they publish it.
  const [models, identityVerified, setupNeeded] = await Promise.all([
    listModels(ctx),
    isIdentityVerified(ctx, user.id),
    needsSellerSetup(ctx, user.id),
  ]);
  return {
    models: models.map(({ id, brandCode, name }) => ({ id, brandCode, name })),
    identityVerified,
    setupNeeded,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const { input, photos, publish, confirmContradictions, values } = await readItemForm(
    await request.formData(),
  );
  try {
    const ctx = core(context);
    // Publishing before the seller setup keeps the listing as a draft and leads through the setup,
    // back to the listing, where one tap puts it on sale.
    const setupFirst = publish && (await needsSellerSetup(ctx, actor.id));
    const { id } = await saveItem(ctx, {
      actor,
      input,
      photos,
      publish: publish && !setupFirst,
      confirmContradictions,
    });
    if (setupFirst) {
      return redirectWithFlash(
        context,
        `/${lang}/setup/address/?redirect=${encodeURIComponent(`/${lang}/items/${id}/`)}`,
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
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t("sellTitle")}</h1>
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
      <ItemForm
        lang={langOf(params)}
        models={loaderData.models}
        initial={{}}
        state={actionData}
        existingPhotos={[]}
        mode="new"
        identityVerified={loaderData.identityVerified}
      />
    </div>
  );
}
