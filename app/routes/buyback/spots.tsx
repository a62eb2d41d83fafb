import { formatPostalCode } from "#core/account/address-format.ts";
import { spotDropOff } from "#core/buyback/handover.ts";
import { listActiveSpots } from "#core/buyback/spots.ts";
import { PREFECTURES } from "#core/shared/codes.ts";
import { prefectureNameJa } from "#core/shared/prefectures.ts";
import { Breadcrumbs, BuybackNav } from "../../components/buyback/public.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/spots";

export const handle = { back: "/buyback/", tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, {
    title: t("buybackPublic.spots.title"),
    description: t("buybackPublic.spots.description"),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = core(context);
  const [spots, dropOff] = await Promise.all([listActiveSpots(ctx), spotDropOff(ctx)]);
  return {
    dropOff,
    spots: spots.map((s) => ({
      id: s.id,
      name: s.name,
      postalCode: s.postalCode,
      prefectureCode: s.prefectureCode,
      address: s.address,
      hours: s.hours,
      closedDays: s.closedDays,
      phone: s.phone,
      note: s.note,
    })),
  };
}

/** `/buyback/spots/`: where to hand a device in, prefecture by prefecture. */
export default function BuybackSpots({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const lang = langOf(params);
  const { spots, dropOff } = loaderData;
  const m = useTranslations("buybackMember.confirm");
  const prefectures = [...new Set(spots.map((s) => s.prefectureCode))];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[{ label: t("index.title"), to: `/${lang}/buyback/` }, { label: t("spots.title") }]}
      />
      <header>
        <h1 className="text-2xl font-bold">{t("spots.title")}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">
          {dropOff.open ? t("spots.lead") : spots.length === 0 ? t("spots.empty") : t("dropOff.closed")}
        </p>
      </header>
      {dropOff.open && (
        <section
          aria-labelledby="how-title"
          className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100"
          data-testid="drop-off-how"
        >
          <h2 id="how-title" className="font-bold">
            {t("spots.howTitle")}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm leading-relaxed text-slate-700">
            <li>{t("dropOff.how", { method: m(dropOff.method) })}</li>
            <li>{t("spots.how2")}</li>
            <li>{t("spots.how3")}</li>
          </ol>
        </section>
      )}
      {prefectures.map((code) => {
        const here = spots.filter((s) => s.prefectureCode === code);
        const name = label(PREFECTURES, code, lang);
        return (
          <section key={code} aria-labelledby={`pref-${code}`} data-testid={`prefecture-${code}`}>
            <h2 id={`pref-${code}`} className="mb-3 flex items-baseline gap-2 text-lg font-bold">
              {name}
              <span className="text-sm font-normal text-slate-500">
                {t("spots.count", { count: here.length })}
              </span>
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {here.map((s) => {
                const address = `${prefectureNameJa(s.prefectureCode)}${s.address}`;
                return (
                  <li
                    key={s.id}
                    className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                    data-testid="spot"
                  >
                    <h3 className="font-bold break-words">{s.name}</h3>
                    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
                      <dt className="text-slate-600">{t("spots.address")}</dt>
                      <dd>
                        <span className="block">{formatPostalCode(s.postalCode)}</span>
                        <span className="block break-words">{address}</span>
                      </dd>
                      <dt className="text-slate-600">{t("spots.hours")}</dt>
                      <dd className="whitespace-pre-line">{s.hours}</dd>
                      {s.closedDays && (
                        <>
                          <dt className="text-slate-600">{t("spots.closedDays")}</dt>
                          <dd>{s.closedDays}</dd>
                        </>
                      )}
                      {s.phone && (
                        <>
                          <dt className="text-slate-600">{t("spots.phone")}</dt>
                          <dd>
                            <a href={`tel:${s.phone.replace(/-/g, "")}`} className="text-brand-700 underline">
                              {s.phone}
                            </a>
                          </dd>
                        </>
                      )}
                      {s.note && (
                        <>
                          <dt className="text-slate-600">{t("spots.note")}</dt>
                          <dd className="whitespace-pre-line">{s.note}</dd>
                        </>
                      )}
                    </dl>
                    <a
                      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
                    >
                      {t("spots.map")}
                      <span className="sr-only">{t("spots.opensNew")}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
