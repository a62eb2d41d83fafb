import { data, Form, redirect } from "react-router";
import { IntlProvider } from "use-intl";
import { decideSandboxChallenge, getSandboxChallenge } from "#core/money/payments/sandbox-gateway.ts";
import { type Locale, TIME_ZONE } from "#core/shared/locale.ts";
import { SubmitButton } from "../../components/form.tsx";
import { formatYen, messagesFor, translator } from "../../i18n/index.ts";
import { languageFromData, loadDataLanguage } from "../../i18n/page-messages.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, readForm } from "../../lib/request.server.ts";
import type { Route } from "./+types/payments-challenge";

// The card issuer's 3-D Secure page as the payments sandbox serves it: it stands for another site,
// so no language prefix and none of our shell. It speaks the language of the page it returns to.

function sandbox(context: Route.LoaderArgs["context"]) {
  const ctx = core(context);
  if (ctx.payments.kind !== "sandbox") throw data("Page Not Found", { status: 404 });
  return ctx;
}

/** Only our own pages may be returned to: anything else would make this an open redirect. */
function returnUrl(request: Request, publicUrl: string): string {
  const target = new URL(request.url).searchParams.get("return") ?? "";
  if (!target.startsWith(`${publicUrl}/`)) throw data("Bad Request", { status: 400 });
  return target;
}

/** Its language is the one of the page it came from, which its data carries (decision 031). */
export const handle = languageFromData<{ locale: Locale }>((data) => data.locale);

/** Reached in the browser, it loads that language's messages before it renders. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  loadDataLanguage(handle, serverLoader);

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translator(loaderData?.locale ?? "ja");
  return [{ title: t("buying.challengeTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = sandbox(context);
  const back = returnUrl(request, ctx.publicUrl);
  const challenge = await getSandboxChallenge(ctx, params.chargeId);
  if (!challenge) throw data("Page Not Found", { status: 404 });
  const locale = new URL(back).pathname.startsWith("/en/") ? ("en" as const) : ("ja" as const);
  return { challenge, back, locale };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = sandbox(context);
  const back = returnUrl(request, ctx.publicUrl);
  const form = await readForm(request);
  await decideSandboxChallenge(ctx, { chargeId: params.chargeId, pass: form.get("intent") === "pass" });
  return redirect(back);
}

function Challenge({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const t = useTranslations("buying");
  const { challenge, back, locale } = loaderData;
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-xl font-bold">{t("challengeTitle")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("challengeLead")}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
        <dt>{t("challengeAmount")}</dt>
        <dd className="font-semibold">{formatYen(challenge.amount, locale)}</dd>
        <dt>{t("challengeCard")}</dt>
        <dd>
          {challenge.card.brand} •••• {challenge.card.last4}
        </dd>
      </dl>
      {challenge.status === "requires_3ds" ? (
        <Form method="post" className="mt-6 flex flex-col gap-3">
          <SubmitButton name="intent" value="pass">
            {t("challengePass")}
          </SubmitButton>
          <SubmitButton name="intent" value="fail" variant="secondary">
            {t("challengeFail")}
          </SubmitButton>
        </Form>
      ) : (
        <div className="mt-6">
          <p>{t("challengeDone")}</p>
          <a href={back} className="mt-2 inline-block text-brand-700 underline">
            {t("challengeBack")}
          </a>
        </div>
      )}
    </main>
  );
}

export default function PaymentsChallenge({ loaderData }: Route.ComponentProps) {
  return (
    <IntlProvider locale={loaderData.locale} messages={messagesFor(loaderData.locale)} timeZone={TIME_ZONE}>
      <Challenge loaderData={loaderData} />
    </IntlProvider>
  );
}
