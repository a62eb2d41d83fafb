import { data, redirect } from "react-router";
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
  // Business buyers and staff never list (the core refuses them too); members set up first.
  if (!mayEverSell(user)) throw data("Forbidden", { status: 403 });
  // First-time sellers register where proceeds go and their address before listing.
  if (await needsSellerSetup(ctx, user.id)) {
    throw redirect(`/${lang}/setup/address/?redirect=${encodeURIComponent(`/${lang}/sell/`)}`);
  }
  const [models, identityVerified] = await Promise.all([listModels(ctx), isIdentityVerified(ctx, user.id)]);
  return { models: models.map(({ id, brandCode, name }) => ({ id, brandCode, name })), identityVerified };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const { input, photos, publish, values } = await readItemForm(await request.formData());
  try {
    const { id } = await saveItem(core(context), { actor, input, photos, publish });
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
