import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import {
  BRANDS,
  CATEGORIES,
  ITEM_CONDITIONS,
  MAX_PRICE,
  MIN_PRICE,
  POSTAGES,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHODS,
} from "#core/catalog/codes.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  NETWORK_RESTRICTIONS,
  STORAGE_SIZES,
} from "#core/catalog/device-facts.ts";
import { ITEM_LABELS, ZPublishedItem } from "#core/catalog/item-fields.ts";
import { DESCRIPTION_MAX, TITLE_MAX } from "#core/catalog/limits.ts";
import { saleBreakdown } from "#core/catalog/pricing.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { COURIER_FEES } from "#core/trading/codes.ts";
import { formatYen } from "../i18n/index.ts";
import { useTranslations } from "../i18n/use-translations.ts";
import type { FormState } from "../lib/form-state.ts";
import { codeOptions } from "../lib/labels.ts";
import { useTypedValue } from "../lib/typed-value.ts";
import {
  FieldLabel,
  FieldMessages,
  FormError,
  fieldId,
  SubmitButton,
  TextField,
  useShownError,
  ValidatedForm,
} from "./form.tsx";
import { SelectField } from "./select-field.tsx";
import { ContradictionWarning } from "./sell/contradiction-warning.tsx";
import { ImeiFill } from "./sell/imei-fill.tsx";
import { type ExistingPhoto, PhotoPicker } from "./sell/photo-picker.tsx";

export type ModelOption = { id: number; brandCode: string; name: string };
export type { ExistingPhoto } from "./sell/photo-picker.tsx";

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <legend className="float-left -mb-1 text-base font-bold">{title}</legend>
      {hint && <p className="clear-both -mt-3 text-xs text-slate-500">{hint}</p>}
      <div className="clear-both flex flex-col gap-5">{children}</div>
    </fieldset>
  );
}

type ApiMarketPrice = {
  count: number;
  enough: boolean;
  median: number | null;
  q1: number | null;
  q3: number | null;
  window_days: number;
};

/** What this model in this condition has sold for, fetched as the seller picks them (null while unknown). */
function useMarketPrice(modelId: string, condition: string): ApiMarketPrice | null {
  const [market, setMarket] = useState<ApiMarketPrice | null>(null);
  useEffect(() => {
    setMarket(null);
    if (!/^\d+$/.test(modelId) || !condition) return;
    const controller = new AbortController();
    fetch(`/api/v1/models/${modelId}/market-prices?condition=${encodeURIComponent(condition)}`, {
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { market_prices?: ApiMarketPrice[] } | null) =>
        setMarket(body?.market_prices?.[0] ?? null),
      )
      // Without the figures the form works as before.
      .catch(() => {});
    return () => controller.abort();
  }, [modelId, condition]);
  return market;
}

/** The market price as a suggestion beside the price field. */
function SuggestedPrice({ market, lang }: { market: ApiMarketPrice; lang: Locale }) {
  const t = useTranslations("market");
  return (
    <div
      className="mt-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
      data-testid="suggested-price"
      aria-live="polite"
    >
      {market.enough && market.median !== null && market.q1 !== null && market.q3 !== null ? (
        <>
          <p className="font-semibold">
            {t("suggested", {
              median: formatYen(market.median, lang),
              low: formatYen(market.q1, lang),
              high: formatYen(market.q3, lang),
            })}
          </p>
          <p className="text-xs">{t("suggestedNote", { count: market.count, days: market.window_days })}</p>
        </>
      ) : (
        <p className="text-xs">{t("suggestedNotEnough")}</p>
      )}
    </div>
  );
}

function PriceField({
  value,
  error,
  lang,
  identityVerified,
  modelId,
  condition,
}: {
  value: string;
  error?: string | undefined;
  lang: Locale;
  identityVerified: boolean;
  modelId: string;
  condition: string;
}) {
  const t = useTranslations("catalog");
  const market = useMarketPrice(modelId, condition);
  const price = useTypedValue<HTMLInputElement>(value);
  const n = Number(
    price.value
      .replace(/[,，]/g, "")
      .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)),
  );
  const valid = Number.isInteger(n) && n >= MIN_PRICE && n <= MAX_PRICE;
  const b = valid ? saleBreakdown(n) : null;
  return (
    <div>
      <TextField
        name="price"
        label={t("formPrice")}
        inputMode="numeric"
        autoComplete="off"
        hint={t("priceHint")}
        defaultValue={value}
        ref={price.ref}
        onChange={price.onChange}
        error={error}
      />
      {market && <SuggestedPrice market={market} lang={lang} />}
      {error && !identityVerified && n > 49_999 && (
        <Link
          to={`/${lang}/settings/identification/`}
          className="mt-1 inline-block text-sm text-brand-700 underline"
        >
          {t("identityLink")}
        </Link>
      )}
      <dl
        className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 text-sm"
        aria-live="polite"
        data-testid="price-breakdown"
      >
        <dt className="text-slate-600">{t("feeLabel")}</dt>
        <dd className="text-right">{b ? formatYen(b.fee, lang) : "—"}</dd>
        <dt className="font-semibold">{t("proceedsLabel")}</dt>
        <dd className="text-right font-bold" data-testid="proceeds">
          {b ? formatYen(b.proceeds, lang) : "—"}
        </dd>
      </dl>
    </div>
  );
}

/**
 * The form checks each field as it is left with the rules a published listing must meet (the
 * server's own schema); the photos are checked by the server, with every other field at once.
 */
const ITEM_VALIDATION = { schema: ZPublishedItem, labels: ITEM_LABELS };
/** The photos' message leads to the picker (its file input is named `newPhotos`). */
const PHOTO_TARGET = { photos: "newPhotos" };

/** The description: optional, several lines, checked like the other fields as it is left. */
function DescriptionField({
  label,
  defaultValue,
  error,
}: {
  label: string;
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const id = fieldId("description");
  const shown = useShownError("description", error);
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional />
      <textarea
        id={id}
        name="description"
        rows={6}
        maxLength={DESCRIPTION_MAX}
        defaultValue={defaultValue}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        className={`mt-1.5 block w-full rounded-lg border p-3 text-base ${shown ? "border-danger-600" : "border-slate-300"}`}
      />
      <FieldMessages id={id} name="description" error={shown} />
    </div>
  );
}

/** The listing form shared by /sell/ and /items/{id}/edit/: works without JavaScript, richer with it. */
export function ItemForm({
  lang,
  models,
  initial,
  state,
  existingPhotos,
  mode,
  itemState,
  identityVerified,
  extra,
  deviceCheck,
}: {
  lang: Locale;
  models: ModelOption[];
  initial: Record<string, string>;
  state: FormState | undefined;
  existingPhotos: ExistingPhoto[];
  mode: "new" | "edit";
  itemState?: string;
  identityVerified: boolean;
  /** More of the form, above its buttons (the sell page's 「テンプレートとして保存」). */
  extra?: React.ReactNode;
  /** The device check to put on the listing (the sell page's 動作チェック). */
  deviceCheck?: React.ReactNode;
}) {
  const t = useTranslations("catalog");
  const v = { ...initial, ...(state?.values ?? {}) };
  const e = state?.errors ?? {};
  const brandField = useTypedValue<HTMLSelectElement>(v.brandCode ?? "");
  const modelField = useTypedValue<HTMLSelectElement>(v.modelId ?? "");
  const conditionField = useTypedValue<HTMLSelectElement>(v.condition ?? "");
  const brand = brandField.value;
  const defects = new Set((v.defects ?? "").split(",").filter(Boolean));
  const modelGroups = useMemo(
    () =>
      BRANDS.filter((b) => !brand || b.code === brand)
        .map((b) => ({
          label: renderMessage(b.label, lang),
          options: models
            .filter((m) => m.brandCode === b.code)
            .map((m) => ({ value: String(m.id), label: m.name })),
        }))
        .filter((g) => g.options.length > 0),
    [brand, models, lang],
  );
  const canDraft = mode === "new" || itemState === "DRAFT";
  return (
    <ValidatedForm
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-6"
      state={state}
      validation={ITEM_VALIDATION}
      targets={PHOTO_TARGET}
    >
      <FormError message={state?.formError} />
      <Section title={t("photos")}>
        <PhotoPicker existing={existingPhotos} error={e.photos} />
      </Section>
      <Section title={t("formDetails")}>
        <TextField
          name="title"
          label={t("titleLabel")}
          defaultValue={v.title}
          maxLength={TITLE_MAX}
          error={e.title}
        />
        <DescriptionField label={t("description")} defaultValue={v.description} error={e.description} />
        <SelectField
          name="categoryCode"
          label={t("category")}
          options={codeOptions(CATEGORIES, lang)}
          defaultValue={v.categoryCode}
          error={e.categoryCode}
        />
        <SelectField
          name="condition"
          label={t("condition")}
          options={codeOptions(ITEM_CONDITIONS, lang)}
          defaultValue={v.condition}
          ref={conditionField.ref}
          onChange={conditionField.onChange}
          error={e.condition}
        />
      </Section>
      <Section title={t("formDevice")} hint={t("formDeviceHint")}>
        <TextField
          name="imei"
          label={t("imei")}
          optional
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          hint={t("imeiHint")}
          defaultValue={v.imei}
          error={e.imei}
        />
        <ImeiFill lang={lang} />
        <SelectField
          name="brandCode"
          label={t("brand")}
          optional
          options={codeOptions(BRANDS, lang)}
          defaultValue={v.brandCode}
          ref={brandField.ref}
          onChange={brandField.onChange}
          error={e.brandCode}
        />
        <SelectField
          name="modelId"
          label={t("model")}
          optional
          groups={modelGroups}
          defaultValue={v.modelId}
          ref={modelField.ref}
          onChange={modelField.onChange}
          error={e.modelId}
        />
        <SelectField
          name="storageGb"
          label={t("storage")}
          optional
          options={STORAGE_SIZES.map((s) => ({
            value: String(s),
            label: s >= 1024 ? `${s / 1024}TB` : `${s}GB`,
          }))}
          defaultValue={v.storageGb}
          error={e.storageGb}
        />
        <SelectField
          name="color"
          label={t("color")}
          optional
          options={codeOptions(COLORS, lang)}
          defaultValue={v.color}
          error={e.color}
        />
        <SelectField
          name="carrier"
          label={t("carrier")}
          optional
          options={codeOptions(CARRIERS, lang)}
          defaultValue={v.carrier}
          error={e.carrier}
        />
        <SelectField
          name="networkRestriction"
          label={t("networkRestriction")}
          optional
          options={codeOptions(NETWORK_RESTRICTIONS, lang)}
          defaultValue={v.networkRestriction}
          error={e.networkRestriction}
        />
        <SelectField
          name="activationLock"
          label={t("activationLock")}
          optional
          options={codeOptions(ACTIVATION_LOCKS, lang)}
          defaultValue={v.activationLock}
          error={e.activationLock}
        />
        <TextField
          name="batteryHealth"
          label={t("batteryHealth")}
          optional
          inputMode="numeric"
          maxLength={3}
          hint={t("batteryHint")}
          defaultValue={v.batteryHealth}
          error={e.batteryHealth}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t("defectsLegend")}</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {DEFECTS.map((d) => (
              <label key={d.code} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="defects"
                  value={d.code}
                  defaultChecked={defects.has(d.code)}
                  className="size-5 accent-brand-600"
                />
                {renderMessage(d.label, lang)}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>
      {deviceCheck && <Section title={t("formDeviceCheck")}>{deviceCheck}</Section>}
      <Section title={t("formShipping")}>
        <SelectField
          name="postage"
          label={t("postage")}
          options={codeOptions(POSTAGES, lang)}
          defaultValue={v.postage}
          error={e.postage}
        />
        <SelectField
          name="shippingMethod"
          label={t("shippingMethod")}
          options={codeOptions(SHIPPING_METHODS, lang)}
          defaultValue={v.shippingMethod}
          error={e.shippingMethod}
          hint={t("courierFeeHint", {
            nekoposu: formatYen(COURIER_FEES.nekoposu, lang),
            compact: formatYen(COURIER_FEES.compact, lang),
            parcelMin: formatYen(COURIER_FEES.parcel[60], lang),
            parcelMax: formatYen(COURIER_FEES.parcel[160], lang),
          })}
        />
        <SelectField
          name="leadTime"
          label={t("leadTime")}
          options={codeOptions(SHIPPING_LEAD_TIMES, lang)}
          defaultValue={v.leadTime}
          error={e.leadTime}
        />
      </Section>
      <Section title={t("formPrice")}>
        <PriceField
          value={v.price ?? ""}
          error={e.price}
          lang={lang}
          identityVerified={identityVerified}
          modelId={modelField.value}
          condition={conditionField.value}
        />
      </Section>
      <ContradictionWarning
        lang={lang}
        initial={{ ...v, defects: [...defects] }}
        confirmed={v.confirmContradictions === "1"}
        error={e.confirmContradictions}
      />
      {extra}
      {/* 出品する is the one filled button, last, where a thumb ends the form; 下書きに保存 is outlined above it (beside it on a desk). */}
      <div className="flex flex-col gap-3 sm:flex-row" data-testid="form-actions">
        {canDraft && (
          <div className="sm:flex-1">
            <SubmitButton name="intent" value="draft" variant="secondary">
              {t("saveDraft")}
            </SubmitButton>
          </div>
        )}
        <div className="sm:flex-1">
          <SubmitButton name="intent" value="publish">
            {canDraft ? t("publish") : t("saveChanges")}
          </SubmitButton>
        </div>
      </div>
    </ValidatedForm>
  );
}
