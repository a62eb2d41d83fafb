import { Form, Link } from "react-router";
import { getAddress } from "#core/account/get-address.ts";
import { changeBuybackAddress } from "#core/buyback/change-buyback-address.ts";
import { getMemberBuyback } from "#core/buyback/get-member-buyback.ts";
import {
  ADDRESS_FIELDS,
  AddressForm,
  type AddressFormState,
} from "../../components/account/address-form.tsx";
import { AddressBlock } from "../../components/buyback-member/address-block.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { addressForPage, submitAddressForm } from "../../lib/account-forms.server.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction-address";
import { requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.address.title", { noindex: true });
export const handle = { back: "history", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireMember(context, request, langOf(params));
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const view = await orNotFound(() => getMemberBuyback(ctx, { userId: user.id, itemId }));
  return {
    itemId,
    address: view.application.address,
    canChange: view.actions.includes("address"),
    book: addressForPage(await getAddress(ctx, user.id)),
  };
}

/**
 * The buyback's address: the one in the address book, or a new one typed here (the postal-code
 * lookup works as on the settings page, with and without JavaScript).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  // The lookup only fills the form in again; it saves nothing.
  if (intent === "lookup") return submitAddressForm(ctx, { userId: user.id, form, lang });
  const values = formValues(form, ADDRESS_FIELDS);
  try {
    await orNotFound(() =>
      changeBuybackAddress(ctx, {
        actor: user,
        itemId,
        ...(intent === "book" ? { source: "book" as const } : { source: "new" as const, input: values }),
      }),
    );
    return redirectWithFlash(
      context,
      `/${lang}/buyback/transactions/${itemId}/`,
      "buybackMember.flash.addressChanged",
    );
  } catch (error) {
    return formFailure(error, lang, intent === "book" ? {} : values);
  }
}

export default function BuybackAddress({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember.address");
  const lang = langOf(params);
  const { itemId, address, canChange, book } = loaderData;
  const state = actionData as AddressFormState | undefined;
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="text-sm leading-relaxed text-slate-700">{t("lead")}</p>
      <section aria-labelledby="current-title" className={card}>
        <h2 id="current-title" className="font-bold">
          {t("current")}
        </h2>
        <AddressBlock address={address} testId="current-address" />
      </section>
      {canChange ? (
        <>
          <section aria-labelledby="book-title" className={card}>
            <h2 id="book-title" className="font-bold">
              {t("book")}
            </h2>
            {book ? (
              <Form method="post" className="flex flex-col gap-3">
                <AddressBlock address={book} />
                <SubmitButton name="intent" value="book" variant="secondary">
                  {t("useBook")}
                </SubmitButton>
              </Form>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t("bookNone")}</p>
            )}
            <div className="mt-3">
              <FormError message={state?.errors?.address} />
            </div>
          </section>
          <section aria-labelledby="new-title" className={card}>
            <h2 id="new-title" className="mb-4 font-bold">
              {t("new")}
            </h2>
            <AddressForm lang={lang} state={state} saved={address} submitLabel={t("submit")} />
          </section>
        </>
      ) : (
        <FormError message={t("locked")} />
      )}
      <Link
        to={`/${lang}/buyback/transactions/${itemId}/`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
      >
        {t("back")}
      </Link>
    </section>
  );
}
