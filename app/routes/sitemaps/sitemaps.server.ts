import {
  countPublicResults,
  listPublicResults,
  listPublicResultsForSitemap,
} from "#core/buyback/list-public-results.ts";
import { listPriceCategories, listPriceModels } from "#core/buyback/public-prices.ts";
import { listActiveSpots } from "#core/buyback/spots.ts";
import { countPublicItems, listPublicItemsForSitemap } from "#core/catalog/sitemap-items.ts";
import { HELP_ARTICLES, HELP_UPDATED } from "#core/help/articles.ts";
import { listPublicMedia } from "#core/media/list-public-media.ts";
import { COMPANY } from "#core/shared/company.ts";
import { LOCALES } from "#core/shared/locale.ts";
import { core, services } from "../../lib/request.server.ts";
import { isNoindexPath } from "../../lib/seo.ts";

type Ctx = Parameters<typeof core>[0];

/** The sitemaps.org limit: a sitemap holds at most 50,000 URLs, so larger sets are split. */
export const SITEMAP_URL_LIMIT = 50_000;

type Alternate = { hreflang: string; href: string };
type Entry = { loc: string; lastmod: Date; alternates?: Alternate[] };

/** Localized pages outside any catalogue, with the date their content last changed. */
const STATIC_PAGES: { path: string; updated: string }[] = [
  { path: "/", updated: "2026-11-01" },
  { path: "/items/", updated: "2026-11-01" },
  { path: "/flema/", updated: "2026-11-01" },
  { path: "/about/", updated: "2026-11-01" },
  { path: "/about/company/", updated: "2026-11-01" },
  { path: "/about/flema/", updated: "2026-11-01" },
  { path: "/laws/", updated: COMPANY.legalRevisions.laws },
  { path: "/privacy/", updated: COMPANY.legalRevisions.privacy },
  { path: "/terms-of-service/", updated: COMPANY.legalRevisions.terms },
  { path: "/imei-checker/", updated: "2026-10-01" },
  // The help centre and each of its articles (their words live in the code, dated by this release).
  { path: "/help/", updated: HELP_UPDATED },
  { path: "/help/contact/", updated: HELP_UPDATED },
  ...HELP_ARTICLES.map((a) => ({ path: `/help/${a.slug}/`, updated: HELP_UPDATED })),
];

/** When the words of the public buyback pages last changed; their data has its own dates. */
const BUYBACK_PAGES_UPDATED = new Date("2026-11-24");

const newest = (dates: (Date | null | undefined)[]) =>
  dates.reduce<Date>((a, d) => (d && d > a ? d : a), BUYBACK_PAGES_UPDATED);

/**
 * The public buyback pages, each with the date its content last changed: the service, shop and
 * spots pages, the price list, each category and each model that has a price now (as of its
 * newest price), and the list of completed buybacks. Each completed buyback's page follows.
 */
async function buybackPages(ctx: ReturnType<typeof core>): Promise<{ path: string; updated: Date }[]> {
  const categories = (await listPriceCategories(ctx)).filter((c) => c.pricedModels > 0);
  const models = (
    await Promise.all(
      categories.map((c) => listPriceModels(ctx, { categoryCode: c.categoryCode, priced: true })),
    )
  ).flat();
  const [latest] = (await listPublicResults(ctx, { limit: 1 })).items;
  const spots = await listActiveSpots(ctx);
  const prices = newest(models.map((m) => m.updatedAt));
  return [
    { path: "/buyback/", updated: BUYBACK_PAGES_UPDATED },
    { path: "/buyback/shop/", updated: BUYBACK_PAGES_UPDATED },
    { path: "/buyback/spots/", updated: newest(spots.map((s) => s.updatedAt)) },
    { path: "/buyback/items/", updated: prices },
    ...categories.map((c) => ({
      path: `/buyback/items/${c.categoryCode}/`,
      updated: newest(models.filter((m) => m.categoryCode === c.categoryCode).map((m) => m.updatedAt)),
    })),
    ...models.map((m) => ({
      path: `/buyback/items/${m.categoryCode}/${m.id}/`,
      updated: m.updatedAt ?? BUYBACK_PAGES_UPDATED,
    })),
    { path: "/buyback/results/", updated: newest([latest?.decidedAt]) },
  ];
}

/** A localized page in every language a search engine may index, each naming the others. */
function localized(publicUrl: string, path: string, lastmod: Date): Entry[] {
  const indexable = LOCALES.filter((l) => !isNoindexPath(`/${l}${path}`));
  const alternates: Alternate[] =
    indexable.length > 1
      ? [
          ...indexable.map((l) => ({ hreflang: l, href: `${publicUrl}/${l}${path}` })),
          { hreflang: "x-default", href: `${publicUrl}/ja${path}` },
        ]
      : [];
  return indexable.map((l) => ({
    loc: `${publicUrl}/${l}${path}`,
    lastmod,
    ...(alternates.length ? { alternates } : {}),
  }));
}

type Sitemap = { name: string; entries: (ctx: Ctx) => Promise<Entry[]> };

/** Every sitemap that has URLs now: static, flema (listings, split), buyback, media. */
export async function sitemaps(context: Ctx): Promise<Sitemap[]> {
  const publicUrl = services(context).config.publicUrl;
  const ctx = core(context);
  const out: Sitemap[] = [
    {
      name: "static",
      entries: async () => STATIC_PAGES.flatMap((p) => localized(publicUrl, p.path, new Date(p.updated))),
    },
  ];
  const items = await countPublicItems(ctx);
  for (let n = 0; n * SITEMAP_URL_LIMIT < items; n++) {
    out.push({
      name: `flema-${n + 1}`,
      entries: async () =>
        (
          await listPublicItemsForSitemap(ctx, { offset: n * SITEMAP_URL_LIMIT, limit: SITEMAP_URL_LIMIT })
        ).flatMap((i) => localized(publicUrl, `/items/${i.id}/`, i.updatedAt)),
    });
  }
  // The buyback pages, then every completed buyback's page, newest first; the first file holds
  // the pages and as many results as fit, each further file (buyback-2, …) 50,000 results more.
  const pages = await buybackPages(ctx);
  const pageEntries = pages.flatMap((p) => localized(publicUrl, p.path, p.updated));
  const perResult = LOCALES.filter((l) => !isNoindexPath(`/${l}/buyback/results/`)).length;
  const firstRoom = Math.floor((SITEMAP_URL_LIMIT - pageEntries.length) / perResult);
  const laterRoom = Math.floor(SITEMAP_URL_LIMIT / perResult);
  const results = await countPublicResults(ctx);
  const resultEntries = async (offset: number, limit: number) =>
    (await listPublicResultsForSitemap(ctx, { offset, limit })).flatMap((r) =>
      localized(publicUrl, `/buyback/results/${r.id}/`, r.decidedAt),
    );
  out.push({
    name: "buyback",
    entries: async () => [...pageEntries, ...(await resultEntries(0, firstRoom))],
  });
  for (let n = 0; firstRoom + n * laterRoom < results; n++) {
    out.push({
      name: `buyback-${n + 2}`,
      entries: () => resultEntries(firstRoom + n * laterRoom, laterRoom),
    });
  }
  const media = await listPublicMedia(ctx);
  for (let n = 0; n * SITEMAP_URL_LIMIT < media.length; n++) {
    out.push({
      name: `media-${n + 1}`,
      entries: async () =>
        media
          .slice(n * SITEMAP_URL_LIMIT, (n + 1) * SITEMAP_URL_LIMIT)
          .map((m) => ({ loc: `${publicUrl}${m.path}`, lastmod: m.lastModified })),
    });
  }
  return out;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

function xml(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export function urlsetResponse(entries: Entry[]): Response {
  const urls = entries.map((e) => {
    const links = (e.alternates ?? [])
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join("");
    return `<url><loc>${escapeXml(e.loc)}</loc><lastmod>${e.lastmod.toISOString()}</lastmod>${links}</url>`;
  });
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`,
  );
}

export async function indexResponse(context: Ctx): Promise<Response> {
  const publicUrl = services(context).config.publicUrl;
  const list = await sitemaps(context);
  const rows = await Promise.all(
    list.map(async (s) => {
      const entries = await s.entries(context);
      const lastmod = entries.reduce((d, e) => (e.lastmod > d ? e.lastmod : d), new Date(0));
      return `<sitemap><loc>${publicUrl}/sitemaps/${s.name}.xml</loc><lastmod>${lastmod.toISOString()}</lastmod></sitemap>`;
    }),
  );
  return xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join("\n")}\n</sitemapindex>\n`,
  );
}
