// Lighthouse benchmark: the home, search, item and article pages as a visitor on a phone
// (Lighthouse's default mobile form factor and simulated throttling), served as `npm start` serves
// them on the demo data.
//
//   node bench/lighthouse.ts [--runs 5] [--only home,item]
//
// Each page is fetched once before each of its `--runs` Lighthouse runs, each in a fresh Chromium
// (CHROME_PATH, else the one chrome-launcher finds); the run with the median performance score is
// kept. Full reports go to .cache/lighthouse/<page>.report.{html,json}, the summary to
// bench/results/lighthouse-<date>.json.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { getChromePath, killAll, launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { startServer } from "./page-server.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const REPORTS = path.join(ROOT, ".cache/lighthouse");
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(option("runs") ?? "5");
const ONLY = option("only")?.split(",");
/** A port no other server holds: with one taken, the health check would find that server instead. */
const PORT = await new Promise<number>((resolve, reject) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
  probe.on("error", reject);
});
/** The server's default page cache (PAGE_CACHE_SECONDS), as deployed. */
const PAGE_CACHE_SECONDS = 10;
/** The server is told this is its public address, so its canonical links point at the audited page. */
const BASE = `http://localhost:${PORT}`;
/** Checked before the server starts, so that a missing browser fails at once. */
const CHROME = process.env.CHROME_PATH ?? getChromePath();
if (!existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME} (CHROME_PATH)`);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // No lookups but the server's: Chromium's own background requests would wait on DNS.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-bench-lighthouse-"));
let server: ChildProcess | undefined;

/**
 * However the run ends: every Chromium chrome-launcher started (one still starting too), then the
 * server, given 10 s to close its database before its data folder goes.
 */
async function shutdown() {
  killAll();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void shutdown().finally(() => process.exit(130)));
}
// An error thrown outside the awaited path (a child process's 'error' event, say) stops the run too.
process.once("uncaughtException", (error) => {
  console.error(error);
  void shutdown().finally(() => process.exit(1));
});

/** A demo listing on sale with photos, found as a visitor finds it: the first on-sale iPhone of a search. */
async function itemPath(): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/items?keyword=iPhone`);
  const page = (await res.json()) as { items: { id: number; state: string; thumbUrl: string | null }[] };
  const item = page.items.find((i) => i.state === "SALE" && i.thumbUrl !== null);
  if (!item) throw new Error("No iPhone on sale with photos in the demo data");
  return `/ja/items/${item.id}/`;
}

/** One Lighthouse run in a Chromium of its own, which is killed whatever happens. */
async function audit(url: string): Promise<{ lhr: Result; html: string; json: string }> {
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ["html", "json"],
      onlyCategories: CATEGORIES,
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, report } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const [html, json] = report as string[];
    return { lhr, html: html!, json: json! };
  } finally {
    chrome.kill();
  }
}

/** The bytes the server sends for a URL to a client that offers gzip only. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** Inline scripts of the page's HTML (not JSON data), gzipped together. */
async function inlineScriptGzipBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .map(([, , body]) => body!)
    .join("\n");
  return scripts.trim() ? gzipSync(scripts, { level: 9 }).length : 0;
}

type Saving = { id: string; title: string; savingsMs: number; savingsBytes: number };

/** Performance audits that did not pass, largest estimated savings first (time, then bytes). */
function topSavings(lhr: Result, count: number): Saving[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const found: Saving[] = [];
  for (const ref of refs) {
    if (ref.group === "metrics") continue;
    const a = lhr.audits[ref.id];
    if (!a || a.scoreDisplayMode === "notApplicable" || a.scoreDisplayMode === "manual") continue;
    const details = a.details as
      | { overallSavingsMs?: number; overallSavingsBytes?: number; debugData?: { wastedBytes?: number } }
      | undefined;
    const m = a.metricSavings ?? {};
    const savingsMs = Math.round(
      details?.overallSavingsMs ?? Math.max(0, m.LCP ?? 0, m.FCP ?? 0, m.TBT ?? 0),
    );
    const savingsBytes = Math.round(details?.overallSavingsBytes ?? details?.debugData?.wastedBytes ?? 0);
    // Shown as failed in the report: below 0.9, or informative with savings (long tasks, say).
    const failed =
      (a.score !== null && a.score < 0.9) ||
      (a.scoreDisplayMode === "informative" && (savingsMs > 0 || savingsBytes > 0));
    if (failed) found.push({ id: a.id, title: a.title, savingsMs, savingsBytes });
  }
  return found.sort((x, y) => y.savingsMs - x.savingsMs || y.savingsBytes - x.savingsBytes).slice(0, count);
}

/** The audits that cost a category points: scored, weighted and below a full score. */
function failedAudits(lhr: Result, category: string): { id: string; title: string; score: number }[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const a = lhr.audits[ref.id];
    return a && ref.weight > 0 && a.score !== null && a.score < 1
      ? [{ id: a.id, title: a.title, score: Math.round(a.score * 100) }]
      : [];
  });
}

async function summarise(lhr: Result, performanceRuns: number[]) {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const summary =
    (lhr.audits["resource-summary"]?.details as { items: ResourceRow[] } | undefined)?.items ?? [];
  const row = (type: string) => summary.find((r) => r.resourceType === type);
  const requests =
    (lhr.audits["network-requests"]?.details as { items: RequestRow[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script" && r.url.startsWith(BASE));
  const gzips = await Promise.all(scripts.map((s) => gzipBytes(s.url)));
  const largestScripts = scripts
    .map((s, i) => ({ path: s.url.slice(BASE.length), transferred: s.transferSize ?? 0, gzip: gzips[i]! }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5);
  return {
    url: lhr.finalDisplayedUrl.slice(BASE.length),
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    performanceRuns,
    metrics: {
      lcpMs: Math.round(value("largest-contentful-paint")),
      fcpMs: Math.round(value("first-contentful-paint")),
      tbtMs: Math.round(value("total-blocking-time")),
      cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
      speedIndexMs: Math.round(value("speed-index")),
    },
    lcpElement: lcpElement(lhr),
    bytes: {
      transferred: row("total")?.transferSize ?? 0,
      jsTransferred: row("script")?.transferSize ?? 0,
      jsGzip: gzips.reduce((a, b) => a + b, 0),
      inlineJsGzip: await inlineScriptGzipBytes(lhr.finalDisplayedUrl),
    },
    requests: row("total")?.requestCount ?? requests.length,
    scriptRequests: row("script")?.requestCount ?? scripts.length,
    largestScripts,
    topSavings: topSavings(lhr, 5),
    failedAudits: Object.fromEntries(
      ["accessibility", "best-practices", "seo"].map((c) => [c, failedAudits(lhr, c)]),
    ),
    runWarnings: lhr.runWarnings.map(String),
  };
}
type PageSummary = Awaited<ReturnType<typeof summarise>>;
type ResourceRow = { resourceType: string; requestCount: number; transferSize: number };
type RequestRow = { url: string; resourceType?: string; transferSize?: number };

/** The element Lighthouse took for the largest contentful paint: its text or tag, and a selector. */
function lcpElement(lhr: Result): string | null {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: { type: string; selector?: string; nodeLabel?: string }[] }
    | undefined;
  const node = details?.items?.find((i) => i.type === "node");
  return node ? `${node.nodeLabel?.slice(0, 60) ?? ""} (${node.selector ?? ""})` : null;
}

async function measure(pages: Record<string, string>) {
  const results: Record<string, PageSummary> = {};
  let environment: Result["environment"] | undefined;
  let settings: Result["configSettings"] | undefined;
  let version = "";
  mkdirSync(REPORTS, { recursive: true });
  for (const [name, pagePath] of Object.entries(pages)) {
    const runs: Awaited<ReturnType<typeof audit>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Warm-up, and again before each run, since the page cache keeps a page for 10 s.
      const warm = await fetch(`${BASE}${pagePath}`, {
        headers: { "accept-encoding": "gzip, deflate, br" },
        redirect: "manual",
      });
      await warm.arrayBuffer();
      if (warm.status !== 200) throw new Error(`${pagePath} answered ${warm.status}`);
      const run = await audit(`${BASE}${pagePath}`);
      console.log(
        `  ${name} run ${i + 1}: performance ${Math.round((run.lhr.categories.performance?.score ?? 0) * 100)}`,
      );
      runs.push(run);
    }
    const perf = (r: (typeof runs)[number]) => r.lhr.categories.performance?.score ?? 0;
    const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
    const kept = sorted[Math.floor((sorted.length - 1) / 2)]!;
    writeFileSync(path.join(REPORTS, `${name}.report.html`), kept.html);
    writeFileSync(path.join(REPORTS, `${name}.report.json`), kept.json);
    results[name] = await summarise(
      kept.lhr,
      runs.map((r) => Math.round(perf(r) * 100)),
    );
    environment = kept.lhr.environment;
    settings = kept.lhr.configSettings;
    version = kept.lhr.lighthouseVersion;
  }
  return { results, environment, settings, version };
}

function printTable(results: Record<string, PageSummary>) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const rows = Object.entries(results).map(([name, r]) => [
    name,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores.bestPractices),
    String(r.scores.seo),
    (r.metrics.lcpMs / 1000).toFixed(2),
    String(r.metrics.tbtMs),
    String(r.metrics.cls),
    kb(r.bytes.jsGzip),
    kb(r.bytes.transferred),
    String(r.requests),
  ]);
  const head = [
    "page",
    "perf",
    "a11y",
    "bp",
    "seo",
    "LCP s",
    "TBT ms",
    "CLS",
    "JS KB gz",
    "total KB",
    "requests",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [head, ...rows]) {
    console.log(
      line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
    );
  }
}

async function main() {
  buildIfNeeded();
  const commit = commitUnderTest();
  try {
    process.env.PUBLIC_URL = BASE;
    const loadBefore = loadavg()[0]!;
    await startServer({
      engine: "pglite",
      dataDir,
      url: undefined,
      port: PORT,
      pageCacheSeconds: PAGE_CACHE_SECONDS,
      onSpawn: (child) => {
        server = child;
      },
    });
    const all: Record<string, string> = {
      home: "/ja/",
      search: "/ja/items/search/?keyword=iPhone",
      item: await itemPath(),
      article: "/articles/1r4a73tut/",
    };
    const pages = Object.fromEntries(Object.entries(all).filter(([name]) => !ONLY || ONLY.includes(name)));
    const measured = await measure(pages);
    await shutdown();
    const file = writeReport("lighthouse", commit, {
      method: {
        lighthouse: measured.version,
        browser: measured.environment?.hostUserAgent,
        benchmarkIndex: measured.environment?.benchmarkIndex,
        formFactor: measured.settings?.formFactor,
        throttlingMethod: measured.settings?.throttlingMethod,
        throttling: measured.settings?.throttling,
        categories: CATEGORIES,
        runs: RUNS,
        kept: "the run with the median performance score; performanceRuns lists every run's",
        audience: "visitor: a fresh browser profile, no cookies",
        database: "PGlite, demo data seeded on start",
        pageCacheSeconds: PAGE_CACHE_SECONDS,
        loadAverageAtStart: Math.round(loadBefore * 100) / 100,
        bytes:
          "transferred and jsTransferred as Lighthouse saw them (the browser is sent brotli); jsGzip: the same scripts asked for again with gzip only; inlineJsGzip: the page's inline scripts, gzipped",
      },
      pages: measured.results,
    });
    printTable(measured.results);
    console.log(`Wrote ${file} and the full reports in ${path.relative(ROOT, REPORTS)}/`);
  } finally {
    await shutdown();
  }
}

await main();
