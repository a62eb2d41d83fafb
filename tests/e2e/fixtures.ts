import { type Browser, type BrowserContext, test as base, type Page } from "@playwright/test";

import { serverUrl } from "./servers.ts";

export { type Browser, expect, type Page } from "@playwright/test";
export { serverUrl } from "./servers.ts";

/**
 * How many times slower than this machine the browser's CPU runs, as Chromium's DevTools throttle
 * it. `E2E_CPU_THROTTLE=6` runs every journey as on a slow phone (see the README).
 */
export const CPU_THROTTLE = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

const slowed = new WeakSet<BrowserContext>();

/** Every page of the context is slowed down before the journey touches it. */
function slowDown(context: BrowserContext, rate: number): void {
  if (rate <= 1 || slowed.has(context)) return;
  slowed.add(context);
  const pending = new WeakMap<Page, Promise<void>>();
  context.on("page", (page) => {
    // A page the site opens itself (a popup) is slowed as soon as it exists.
    pending.set(
      page,
      throttleCpu(page, rate).catch(() => {}),
    );
  });
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await (pending.get(page) ?? throttleCpu(page, rate));
    return page;
  };
}

/** The same for contexts and pages a journey opens itself (a second member, a visitor). */
function slowDownBrowser(browser: Browser, rate: number): void {
  if (rate <= 1) return;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    slowDown(context, rate);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    slowDown(page.context(), rate);
    await throttleCpu(page, rate);
    return page;
  };
}

/** Contexts a journey opened itself (a second member, a visitor), while one runs. */
let openedByJourney: Set<BrowserContext> | null = null;

/**
 * Notes every context a journey opens itself: Playwright closes its own `context` after each test,
 * not these, whose pages would otherwise stay open (live notification streams and all) until the
 * worker ends.
 */
function noteContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    openedByJourney?.add(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    openedByJourney?.add(page.context());
    return page;
  };
}

/**
 * Playwright's `test`, with the CPU throttle (`cpuThrottle`, from `E2E_CPU_THROTTLE` unless a file
 * sets it) and the address of this worker's own server as `baseURL` (`servers.ts`).
 */
export const test = base.extend<{ closeOpenedContexts: undefined }, { cpuThrottle: number }>({
  cpuThrottle: [CPU_THROTTLE, { option: true, scope: "worker" }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  browser: [
    async ({ browser, cpuThrottle }, use) => {
      noteContexts(browser);
      slowDownBrowser(browser, cpuThrottle);
      await use(browser);
    },
    { scope: "worker" },
  ],
  // After each journey, the contexts it opened itself and left open are closed (a failed journey's
  // pages are photographed first, as Playwright does for every context it sees close).
  closeOpenedContexts: [
    async ({ context }, use) => {
      const opened = new Set<BrowserContext>();
      openedByJourney = opened;
      await use(undefined);
      openedByJourney = null;
      for (const left of opened) if (left !== context) await left.close().catch(() => {});
    },
    { auto: true },
  ],
  context: async ({ context, cpuThrottle }, use) => {
    slowDown(context, cpuThrottle);
    await use(context);
  },
});
