import { data, Form, Link, redirect } from "react-router";
import { getBalanceSummary } from "#core/money/balance/balance-summary.ts";
import { BALANCE_FIELD_LABELS, ZTransferPoints } from "#core/money/balance/fields.ts";
import { confirmTransferPoints } from "#core/money/balance/points-purchase.ts";
import { findPointsPurchase, transferToPoints } from "#core/money/balance/transfer-points.ts";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { formatPoints, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { pointsPurchasePath } from "../../lib/balance-links.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transfer-points";

export const meta = titleMeta("balancePages.transferPoints.title");
export const handle = { back: "/balance/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const summary = await getBalanceSummary(core(context), { userId: user.id });
  // One key per visit of the form: a resent confirm buys once, a new visit is a new purchase.
  return { proceeds: summary.proceeds, points: summary.points, requestKey: crypto.randomUUID() };
}

/** The page's request keys are UUIDs; anything else was not made by this form. */
const REQUEST_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Confirm = { amount: number; proceeds: number; points: number };
type ActionAnswer = FormState & { confirm?: Confirm };

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const values = formValues(await readForm(request), ["amount", "requestKey", "intent"] as const);
  const kept = { amount: values.amount.slice(0, 40), requestKey: values.requestKey };
  if (!REQUEST_KEY.test(values.requestKey)) {
    return data<ActionAnswer>(
      {
        values: { ...kept, requestKey: crypto.randomUUID() },
        formError: translator(lang)("balancePages.transferPoints.badKey"),
      },
      { status: 400 },
    );
  }
  if (values.intent === "edit") return data<ActionAnswer>({ values: kept });
  try {
    if (values.intent === "transfer") {
      // A confirm sent twice finds the purchase the first one made, and shows it.
      let entry = await findPointsPurchase(ctx, { userId: user.id, requestKey: values.requestKey });
      if (entry === null) {
        await confirmTransferPoints(ctx, { userId: user.id, input: { amount: values.amount } });
        const bought = await transferToPoints(ctx, {
          userId: user.id,
          input: { amount: values.amount },
          requestKey: values.requestKey,
        });
        entry = bought.entryId;
      }
      return redirect(`/${lang}${pointsPurchasePath(entry)}`);
    }
    const confirm = await confirmTransferPoints(ctx, { userId: user.id, input: { amount: values.amount } });
    return data<ActionAnswer>({ values: { ...kept, amount: String(confirm.amount) }, confirm });
  } catch (error) {
    return formFailure(error, lang, kept);
  }
}

function Amounts({ rows }: { rows: [label: string, value: string, testId?: string][] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function TransferPoints({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("balancePages");
  const lang = langOf(params);
  const state = actionData as ActionAnswer | undefined;
  const requestKey = state?.values?.requestKey ?? loaderData.requestKey;
  const yen = (n: number) => formatYen(n, lang);
  const pts = (n: number) => formatPoints(n, lang);
  const confirm = state?.confirm;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("transferPoints.title")}
      </h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("transferPoints.lead")}</p>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">{t("transferPoints.available")}</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="available">
          {yen(confirm?.proceeds ?? loaderData.proceeds)}
        </p>
      </div>
      {confirm ? (
        <Form
          method="post"
          className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="font-bold">{t("transferPoints.confirmTitle")}</h2>
          <Amounts
            rows={[
              [t("transferPoints.useProceeds"), yen(confirm.amount), "confirm-amount"],
              [t("transferPoints.getPoints"), pts(confirm.amount), "confirm-points"],
              [t("transferPoints.proceedsAfter"), yen(confirm.proceeds - confirm.amount)],
              [t("transferPoints.pointsAfter"), pts(confirm.points + confirm.amount)],
            ]}
          />
          <input type="hidden" name="amount" value={String(confirm.amount)} />
          <input type="hidden" name="requestKey" value={requestKey} />
          <SubmitButton name="intent" value="transfer">
            {t("transferPoints.submit")}
          </SubmitButton>
          <SubmitButton name="intent" value="edit" variant="secondary">
            {t("transferPoints.edit")}
          </SubmitButton>
        </Form>
      ) : loaderData.proceeds <= 0 && !state ? (
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-700" data-testid="no-proceeds">
            {t("transferPoints.noProceeds")}
          </p>
          <Link to={`/${lang}/balance/`} className="text-sm font-semibold text-brand-700 underline">
            {t("transferFinish.back")}
          </Link>
        </div>
      ) : (
        <ValidatedForm
          method="post"
          className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          state={state}
          validation={{ schema: ZTransferPoints, labels: BALANCE_FIELD_LABELS }}
        >
          <FormError message={state?.formError} />
          <TextField
            name="amount"
            label={t("transferPoints.amount")}
            hint={t("transferPoints.amountHint")}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={state?.values?.amount}
            error={state?.errors?.amount}
          />
          <input type="hidden" name="requestKey" value={requestKey} />
          <SubmitButton name="intent" value="confirm">
            {t("transferPoints.confirm")}
          </SubmitButton>
        </ValidatedForm>
      )}
    </section>
  );
}
