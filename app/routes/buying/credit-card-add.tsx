import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { addSavedCard } from "#core/payments/saved-cards.ts";
import { CardFields, tokenize } from "../../components/buying/card-fields.tsx";
import { FormError, PageCard, SubmitButton } from "../../components/form.tsx";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/credit-card-add";

export const meta = titleMeta("buying.addCardTitle");
export const handle = { back: "/settings/credit-card/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request, langOf(params));
  // New cards are typed into the provider's tokeniser; only the sandbox's is built in so far.
  return { cardEntry: core(context).payments.kind === "sandbox" };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const token = String((await request.formData()).get("cardToken") ?? "");
  try {
    await addSavedCard(core(context), { userId: user.id, token });
    return redirectWithFlash(context, `/${lang}/settings/credit-card/`, "buying.cardAdded");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function CreditCardAdd({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      (form.elements.namedItem("cardToken") as HTMLInputElement).value = await tokenize(form);
      form.submit();
    } catch (e) {
      setError((e as Error).message);
    }
  }
  if (!loaderData.cardEntry) {
    return (
      <PageCard title={t("addCardTitle")}>
        <p role="alert">{t("cardEntryUnavailable")}</p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("addCardTitle")}>
      <form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <FormError message={error ?? actionData?.formError ?? Object.values(actionData?.errors ?? {})[0]} />
        <input type="hidden" name="cardToken" defaultValue="" />
        <CardFields />
        <SubmitButton>{t("addCard")}</SubmitButton>
      </form>
    </PageCard>
  );
}
