import { data, Form, Link, redirect } from "react-router";
import { saveSpot } from "#core/buyback/save-spot.ts";
import { setSpotActive } from "#core/buyback/set-spot-active.ts";
import { SPOT_LIMITS } from "#core/buyback/spot-fields.ts";
import { listAllSpots } from "#core/buyback/spots.ts";
import { PREFECTURES } from "#core/shared/codes.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { type DataColumn, DataTable } from "../../components/staff/data-table.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { codeOptions, label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, orNotFound, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { TextAreaField } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/buyback-spots";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.spots.title", { noindex: true });

const FIELDS = [
  "name",
  "postalCode",
  "prefectureCode",
  "address",
  "hours",
  "closedDays",
  "phone",
  "note",
  "position",
] as const;
type Field = (typeof FIELDS)[number];
const DONE = ["saved", "closed", "opened"] as const;

const idOf = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:manage");
  const spots = await listAllSpots(core(context), { actor });
  const search = new URL(request.url).searchParams;
  const editParam = search.get("edit");
  const editing = editParam === null ? null : (spots.find((s) => s.id === idOf(editParam)) ?? null);
  if (editParam !== null && !editing) throw data("Page not found", { status: 404 });
  const done = search.get("done");
  return {
    done: DONE.find((d) => d === done) ?? null,
    spots: spots.map((s) => ({
      id: s.id,
      name: s.name,
      prefectureCode: s.prefectureCode,
      address: s.address,
      hours: s.hours,
      active: s.active,
    })),
    editing: editing
      ? {
          id: editing.id,
          values: {
            ...(Object.fromEntries(FIELDS.map((f) => [f, String(editing[f])])) as Record<Field, string>),
            postalCode: editing.postalCode.replace(/^(\d{3})(\d{4})$/, "$1-$2"),
          },
        }
      : null,
  };
}

/** Adds or rewrites a spot (`intent=save`), or closes or reopens one; each audited by the core. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:manage");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = idOf(String(form.get("id") ?? ""));
  const ctx = core(context);
  const meta = requestMeta(context);
  if (intent === "close" || intent === "open") {
    if (id === null) throw data("Page not found", { status: 404 });
    await orNotFound(() => setSpotActive(ctx, { actor, id, active: intent === "open", meta }));
    return redirect(`/${lang}/staff/buyback/spots/?done=${intent === "open" ? "opened" : "closed"}`);
  }
  const values = formValues(form, FIELDS);
  try {
    await orNotFound(() => saveSpot(ctx, { actor, id, input: values, meta }));
    return redirect(`/${lang}/staff/buyback/spots/?done=saved`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

type SpotRow = Route.ComponentProps["loaderData"]["spots"][number];

export default function StaffBuybackSpots({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.spots");
  const form = useTranslations("form");
  const lang = langOf(params);
  const { spots, editing, done } = loaderData;
  const base = `/${lang}/staff/buyback/spots/`;
  const v = (name: Field) => actionData?.values?.[name] ?? editing?.values[name] ?? "";
  const e = (name: Field) => actionData?.errors?.[name];
  const columns: DataColumn<SpotRow>[] = [
    { id: "name", header: t("fields.name"), cell: (r) => <span className="font-semibold">{r.name}</span> },
    {
      id: "place",
      header: t("place"),
      cell: (r) => `${label(PREFECTURES, r.prefectureCode, lang)} ${r.address}`,
    },
    {
      id: "hours",
      header: t("fields.hours"),
      cell: (r) => <span className="whitespace-pre-line">{r.hours}</span>,
    },
    {
      id: "state",
      header: t("state"),
      cell: (r) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${r.active ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
        >
          {r.active ? t("active") : t("inactive")}
        </span>
      ),
    },
    {
      id: "actions",
      header: "",
      className: "whitespace-nowrap",
      cell: (r) => (
        <div className="flex items-center gap-3">
          <Link
            to={`${base}?edit=${r.id}#spot-form`}
            className="font-semibold text-brand-700 underline"
            aria-label={`${t("edit")}: ${r.name}`}
          >
            {t("edit")}
          </Link>
          <Form
            method="post"
            action={base}
            onSubmit={(event) => {
              if (r.active && !window.confirm(t("closeConfirm"))) event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={r.id} />
            <button
              type="submit"
              name="intent"
              value={r.active ? "close" : "open"}
              className={`font-semibold underline ${r.active ? "text-danger-600" : "text-brand-700"}`}
              aria-label={`${r.active ? t("close") : t("open")}: ${r.name}`}
            >
              {r.active ? t("close") : t("open")}
            </button>
          </Form>
        </div>
      ),
    },
  ];
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      {done && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
        >
          {t(done)}
        </p>
      )}
      <section aria-labelledby="spots-list-title" className="flex flex-col gap-3">
        <h2 id="spots-list-title" className="text-lg font-bold">
          {t("listTitle")}
        </h2>
        <DataTable<SpotRow>
          caption={t("listTitle")}
          columns={columns}
          rows={spots}
          rowKey={(r) => String(r.id)}
          empty={t("empty")}
          rowClassName={(r) => (r.active ? "" : "bg-slate-50 text-slate-500")}
        />
      </section>
      <section
        id="spot-form"
        aria-labelledby="spot-form-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="spot-form-title" className="text-lg font-bold">
            {editing ? t("editTitle", { name: editing.values.name }) : t("addTitle")}
          </h2>
          {editing && (
            <Link to={base} className="text-sm font-semibold text-brand-700 underline">
              {t("cancelEdit")}
            </Link>
          )}
        </div>
        <Form method="post" noValidate className="flex flex-col gap-5" data-testid="spot-form">
          <FormError
            message={actionData?.formError ?? (actionData?.errors ? form("fixErrors") : undefined)}
          />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <div className="grid gap-5 lg:grid-cols-2">
            <TextField
              name="name"
              label={t("fields.name")}
              maxLength={SPOT_LIMITS.name}
              defaultValue={v("name")}
              error={e("name")}
            />
            <TextField
              name="postalCode"
              label={t("fields.postalCode")}
              hint={t("postalHint")}
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              defaultValue={v("postalCode")}
              error={e("postalCode")}
            />
            <SelectField
              name="prefectureCode"
              label={t("fields.prefectureCode")}
              options={codeOptions(PREFECTURES, lang)}
              defaultValue={v("prefectureCode")}
              error={e("prefectureCode")}
            />
            <TextField
              name="address"
              label={t("fields.address")}
              maxLength={SPOT_LIMITS.address}
              defaultValue={v("address")}
              error={e("address")}
            />
            <TextAreaField
              name="hours"
              label={t("fields.hours")}
              hint={t("hoursHint")}
              rows={2}
              defaultValue={v("hours")}
              error={e("hours")}
            />
            <TextField
              name="closedDays"
              label={t("fields.closedDays")}
              optional
              maxLength={SPOT_LIMITS.closedDays}
              defaultValue={v("closedDays")}
              error={e("closedDays")}
            />
            <TextField
              name="phone"
              label={t("fields.phone")}
              hint={t("phoneHint")}
              optional
              type="tel"
              inputMode="tel"
              maxLength={13}
              defaultValue={v("phone")}
              error={e("phone")}
            />
            <TextField
              name="position"
              label={t("fields.position")}
              hint={t("positionHint")}
              optional
              inputMode="numeric"
              maxLength={4}
              defaultValue={v("position")}
              error={e("position")}
            />
            <div className="lg:col-span-2">
              <TextAreaField
                name="note"
                label={t("fields.note")}
                optional
                rows={3}
                defaultValue={v("note")}
                error={e("note")}
              />
            </div>
          </div>
          <div className="max-w-xs">
            <SubmitButton name="intent" value="save">
              {editing ? t("save") : t("add")}
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
