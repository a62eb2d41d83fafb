import { isAppError, localizeError } from "#core/shared/errors.ts";
import { claimOfficeTransaction } from "#core/trading/office-steps.ts";
import { listOfficeTransactions } from "#core/trading/office-transactions.ts";
import { releaseHeldTransactions } from "#core/trading/release-held-transactions.ts";
import { ReviewQueue } from "../../components/staff/transaction-queue.tsx";
import { TransactionSearch } from "../../components/staff/transaction-search.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transactions";
import { bulkReport, requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("office.list.title", { noindex: true });

const FILTERS = ["q", "state", "from", "to", "sort", "dir", "page"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "transactions:read");
  const url = new URL(request.url);
  const input = Object.fromEntries(
    FILTERS.map((k) => [k, url.searchParams.get(k)?.slice(0, 100) ?? ""]).filter(([, v]) => v !== ""),
  );
  const ctx = core(context);
  try {
    return {
      list: await listOfficeTransactions(ctx, { actor, input }),
      errors: {} as Record<string, string>,
    };
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    // Filters that do not make sense are said beside their fields; the queue is shown all the same.
    const said = localizeError(error, lang);
    return {
      list: await listOfficeTransactions(ctx, { actor }),
      errors: { ...said.fields, ...(Object.keys(said.fields).length ? {} : { form: said.message }) },
    };
  }
}

/**
 * The queue's steps: take a transaction under review, or release the chosen ones from hold with one
 * reason (each released and audited as by its own page). The core checks the operator's roles.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "transactions:read");
  const form = await readForm(request);
  if (form.get("intent") === "bulkRelease") {
    const reason = String(form.get("reason") ?? "");
    try {
      const outcomes = await releaseHeldTransactions(core(context), {
        actor,
        ids: form.getAll("ids"),
        input: { reason },
        meta: requestMeta(context),
      });
      return { bulk: bulkReport(outcomes, lang) };
    } catch (error) {
      return formFailure(error, lang, { intent: "bulkRelease", reason });
    }
  }
  const transactionId = String(form.get("transactionId") ?? "");
  try {
    await claimOfficeTransaction(core(context), {
      actor,
      transactionId: /^\d{1,15}$/.test(transactionId) ? Number(transactionId) : 0,
      meta: requestMeta(context),
    });
  } catch (error) {
    return formFailure(error, lang, { transactionId });
  }
  return redirectWithFlash(
    context,
    `/${lang}/staff/transactions/${new URL(request.url).search}`,
    "office.flash.claimed",
  );
}

export default function StaffTransactions({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("office");
  const { list, errors } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">{t("list.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("list.lead")}</p>
      </div>
      <ReviewQueue
        list={list}
        lang={langOf(params)}
        message={actionData && "formError" in actionData ? actionData.formError : undefined}
        bulk={
          actionData && "bulk" in actionData
            ? { report: actionData.bulk }
            : actionData && "values" in actionData && actionData.values?.intent === "bulkRelease"
              ? { failed: actionData }
              : undefined
        }
      />
      <TransactionSearch list={list} lang={langOf(params)} errors={errors} />
    </div>
  );
}
