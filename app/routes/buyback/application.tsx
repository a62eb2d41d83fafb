import { useMemo, useState } from "react";
import { data, redirect } from "react-router";
import { buybackAnswersOfCheck } from "#core/buyback/check-answers.ts";
import { applicationDevicesSchema, type BuybackQuestion } from "#core/buyback/device-fields.ts";
import { type EstimatedDevice, estimateBuyback, estimateDevices } from "#core/buyback/estimate.ts";
import { isQuoteCondition, QUOTE_CONDITIONS } from "#core/buyback/quick-quote.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { listModels } from "#core/catalog/models.ts";
import { listUnattachedDeviceChecks } from "#core/checks/get-device-check.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import {
  type BuybackModel,
  type BuybackReport,
  DeviceFieldset,
} from "../../components/buyback-member/device-fieldset.tsx";
import type { EstimateView } from "../../components/buyback-member/estimate-panel.tsx";
import { FormError, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { HelpLink } from "../../components/help/help-link.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { type DeviceValues, devicesOf, emptyDevice, flatDevices } from "../../lib/buyback-devices.ts";
import { checkLinkAnswer } from "../../lib/device-checks.server.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, readForm, services } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/application";
import { deviceInput, devicesFromForm, draftCookie, readDraft, requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.application.title", { noindex: true });
export const handle = { back: "history", tab: "mypage" };

/**
 * The member's self-check reports a device may be sent with (in date, genuine, on nothing yet),
 * each with the answers it gives.
 */
async function buybackReports(ctx: ReturnType<typeof core>, user: SessionUser): Promise<BuybackReport[]> {
  return (await listUnattachedDeviceChecks(ctx, { actor: user }))
    .filter((r) => r.standing === "genuine")
    .map((r) => ({
      id: r.id,
      checkedAt: r.checkedAt,
      counts: r.counts,
      findings: buybackAnswersOfCheck(r),
      mismatch: r.mismatch,
    }));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireMember(context, request, langOf(params));
  const ctx = core(context);
  const [catalogue, reports] = await Promise.all([listModels(ctx), buybackReports(ctx, user)]);
  const models: BuybackModel[] = catalogue.map((m) => ({
    id: m.id,
    categoryCode: m.categoryCode,
    name: m.name,
    storageOptions: m.storageOptions,
  }));
  // From a model's price page or the instant quote: that model, and the answers its condition gives.
  // Otherwise, back from the confirm page: the devices as they were.
  const search = new URL(request.url).searchParams;
  const wanted = models.find((m) => String(m.id) === search.get("model"));
  let devices = wanted ? null : readDraft(request, user.id);
  if (!devices) {
    const device = emptyDevice(wanted?.categoryCode ?? "", wanted ? String(wanted.id) : "");
    const condition = search.get("condition") ?? "";
    if (wanted && isQuoteCondition(condition)) {
      for (const [question, answer] of Object.entries(QUOTE_CONDITIONS[condition].answers)) {
        device[`answers.${question as BuybackQuestion}`] = answer;
      }
    }
    devices = [device];
  }
  return { models, reports, values: flatDevices(devices) };
}

/**
 * `rev`: set when the server changed the list of devices (one added or removed), so the fields start
 * afresh from its values. Any other answer (estimates, errors) leaves the fields as they are: what
 * the member typed while it was on its way is theirs, not the echo of what was sent.
 */
type ApplicationState = FormState & { estimates?: (EstimateView | null)[]; rev?: number };

/** The core's estimate as the page carries it (plain data). */
const view = (e: EstimatedDevice["estimate"]): EstimateView => ({
  grade: e.grade,
  ngConditions: e.ngConditions,
  ngCondition: e.ngCondition,
  offer: e.offer,
  range: e.range,
  check: e.check,
});

/** A report that may not go on the device (another member's, or on a listing or device already). */
const REPORT_REFUSALS = ["FORBIDDEN", "CONFLICT"];

function fieldsOf(error: unknown, lang: Locale, prefix = ""): Record<string, string> {
  if (isAppError(error) && REPORT_REFUSALS.includes(error.code) && prefix) {
    return { [`${prefix}checkId`]: localizeError(error, lang).message };
  }
  if (!isAppError(error) || error.code !== "VALIDATION") throw error;
  const fields = localizeError(error, lang).fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v]));
}

/**
 * Each device's estimate, and the messages of those that cannot be estimated yet. A device sent
 * with a self-check report comes back with the answers it took from the report, so the form shows
 * them without JavaScript too.
 */
async function estimatesOf(
  ctx: ReturnType<typeof core>,
  devices: DeviceValues[],
  lang: Locale,
  user: SessionUser,
) {
  const errors: Record<string, string> = {};
  const values = devices.map((d) => ({ ...d }));
  const estimates = await Promise.all(
    devices.map(async (d, i) => {
      try {
        const { device, estimate } = await estimateBuyback(ctx, deviceInput(d), { actor: user });
        for (const q of device.check?.fromCheck ?? []) values[i]![`answers.${q}`] = device.answers[q] ?? "";
        return view(estimate);
      } catch (error) {
        Object.assign(errors, fieldsOf(error, lang, `devices.${i}.`));
        return null;
      }
    }),
  );
  return { estimates, errors, values };
}

/**
 * The form's buttons: add a device, remove one, update the estimates (what JavaScript does live),
 * or go on to the confirm page once every device is complete. Nothing is saved before confirming.
 * `intent=checkLink` answers the QR code that opens the self-check on the device being sold.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  const ctx = core(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "estimate");
  if (intent === "checkLink") {
    return checkLinkAnswer(ctx, { actor: user, lang, publicUrl: services(context).config.publicUrl });
  }
  let devices = devicesFromForm(form);
  const rev = Date.now();
  if (intent === "add") {
    if (devices.length < BUYBACK_RULES.maxDevicesPerApplication) devices.push(emptyDevice());
    return data<ApplicationState>({ values: flatDevices(devices), rev });
  }
  if (intent.startsWith("remove:")) {
    const index = Number(intent.slice("remove:".length));
    devices = devices.filter((_, i) => i !== index);
    if (devices.length === 0) devices.push(emptyDevice());
    return data<ApplicationState>({ values: flatDevices(devices), rev });
  }
  if (devices.length === 0) devices.push(emptyDevice());
  if (intent === "next") {
    try {
      await estimateDevices(ctx, devices.map(deviceInput), { actor: user });
      return redirect(`/${lang}/buyback/confirm/`, {
        headers: { "Set-Cookie": draftCookie(context, user.id, devices) },
      });
    } catch (error) {
      // Every device's messages; a report refused outright is said beside its device.
      const refused = isAppError(error) && REPORT_REFUSALS.includes(error.code);
      const fields = refused ? {} : fieldsOf(error, lang);
      const { estimates, errors, values } = await estimatesOf(ctx, devices, lang, user);
      return data<ApplicationState>(
        {
          values: flatDevices(values),
          errors: { ...errors, ...fields },
          estimates,
          formError: translator(lang)("buybackMember.application.checkErrors"),
        },
        { status: isAppError(error) ? error.status : 422 },
      );
    }
  }
  const { estimates, errors, values } = await estimatesOf(ctx, devices, lang, user);
  return data<ApplicationState>({ values: flatDevices(values), errors, estimates });
}

export default function Application({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember");
  const lang = langOf(params);
  // The QR code's answer goes to its own fetcher; the form's state is every other answer.
  const state = actionData && !("checkLink" in actionData) ? (actionData as ApplicationState) : undefined;
  // Each device's fields checked as they are filled in, with the core's rules and the models listed.
  const devicesRule = useMemo(() => applicationDevicesSchema(loaderData.models), [loaderData.models]);
  const devices = devicesOf(state?.values ?? loaderData.values);
  const max = BUYBACK_RULES.maxDevicesPerApplication;
  // The last list the server sent: answers without one keep the fields (and what was typed since).
  const [rev, setRev] = useState(0);
  if (state?.rev !== undefined && state.rev !== rev) setRev(state.rev);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("application.title")}
      </h1>
      <HelpLink lang={lang} slug="buyback-steps" className="self-start" />
      <p className="text-sm leading-relaxed text-slate-700">{t("application.lead")}</p>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-4"
        state={state}
        validation={{ schema: devicesRule }}
      >
        {/* The first submit button is the one Enter presses: updating the estimate, nothing more. */}
        <button type="submit" name="intent" value="estimate" hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="count" value={devices.length} />
        <FormError message={state?.formError ?? state?.errors?.devices} />
        {devices.map((d, i) => (
          <DeviceFieldset
            // A new answer from the server (a device added or removed) starts the fields afresh.
            key={`${rev}-${i}`}
            index={i}
            count={devices.length}
            values={d}
            errors={state?.errors ?? {}}
            estimate={state?.estimates?.[i] ?? null}
            models={loaderData.models}
            reports={loaderData.reports}
            lang={lang}
          />
        ))}
        <div className="flex flex-col gap-3">
          {devices.length < max ? (
            <SubmitButton name="intent" value="add" variant="secondary">
              {t("application.add")}
            </SubmitButton>
          ) : (
            <p className="text-sm text-slate-600">{t("application.max", { max })}</p>
          )}
          <SubmitButton name="intent" value="estimate" variant="secondary">
            {t("application.update")}
          </SubmitButton>
          <SubmitButton name="intent" value="next">
            {t("application.next")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}
