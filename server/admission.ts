import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { overloadedMessage, overloadedPage } from "./malformed.ts";

/**
 * Admission control (decision 049): each server process takes on a bounded amount of work at once,
 * per class of request, so that past its capacity some requests are told at once to come back
 * instead of every request waiting longer.
 *
 * - Each class has its own slots: a page read never takes a write's slot, so a flood of readers
 *   leaves the purchases, payouts and providers' webhooks their budget (the largest).
 * - A request that finds its class full waits for a slot a few tens of milliseconds at most, behind
 *   no more requests than the class has slots; past that it is answered at once: 503 with
 *   `Retry-After` (JSON for the API and webhooks, a short page for browsers).
 * - A slot is held until the answer is done: its last byte sent (a streamed page renders well after
 *   its headers), or its client gone, whichever comes first.
 */

/** The classes of work, each with a budget of its own; the names are `/metrics` labels. */
export const ROUTE_CLASSES = ["pages", "api_reads", "writes", "webhooks"] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

export type AdmissionSettings = {
  /** Requests of each class answered at once by one process; 0: no limit. */
  limits: Record<RouteClass, number>;
  /** The longest a request waits for a slot before it is refused; 0: refused at once when the class is full. */
  waitMs: number;
};

/** What a client that was refused is asked to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** Built assets, uploaded files, the build's id, robots.txt, the health check, the metrics, live streams. */
const NEVER_LIMITED = /^\/(assets|media)\/|^\/(build\.json|robots\.txt|metrics|api\/v1\/health)$|^\/events\//;
/** Requests that change nothing (OPTIONS included, as for the page cache). */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The class of a request, or null for what is never limited: cheap answers from memory or disk, what
 * load balancers and scrapers ask to see how the server is, and open live-notification streams.
 */
export function classOf(method: string, path: string): RouteClass | null {
  if (NEVER_LIMITED.test(path)) return null;
  if (path.startsWith("/webhooks/")) return "webhooks";
  if (!READS.has(method.toUpperCase())) return "writes";
  return path.startsWith("/api/") ? "api_reads" : "pages";
}

export type ClassFigures = {
  limit: number;
  /** Requests holding a slot now. */
  inFlight: number;
  /** Requests waiting for a slot now. */
  queued: number;
  /** Requests refused since the process started. */
  shed: number;
};

export type Admission = {
  /**
   * A slot of the class: its release (which may be called more than once), or null when the request
   * was refused (its class full and its wait over) or its client left while it waited.
   */
  enter(cls: RouteClass, gone?: AbortSignal): Promise<(() => void) | null>;
  figures(): Record<RouteClass, ClassFigures>;
};

type Gate = {
  enter(gone?: AbortSignal): Promise<(() => void) | null>;
  figures(): ClassFigures;
};

function gate(limit: number, waitMs: number): Gate {
  let inFlight = 0;
  let shed = 0;
  // First come, first served; never longer than the class has slots.
  const waiting: { admit(): void }[] = [];

  const slot = (): (() => void) => {
    inFlight += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      inFlight -= 1;
      // The slot goes straight to the request that waited longest, before anyone else can take it.
      waiting.shift()?.admit();
    };
  };

  return {
    enter(gone) {
      if (gone?.aborted) return Promise.resolve(null);
      if (limit === 0 || inFlight < limit) return Promise.resolve(slot());
      if (waitMs === 0 || waiting.length >= limit) {
        shed += 1;
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const waiter = {
          admit() {
            done();
            resolve(slot());
          },
        };
        const leave = (refused: boolean) => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          if (refused) shed += 1;
          done();
          resolve(null);
        };
        const timer = setTimeout(() => leave(true), waitMs);
        const onGone = () => leave(false);
        const done = () => {
          clearTimeout(timer);
          gone?.removeEventListener("abort", onGone);
        };
        gone?.addEventListener("abort", onGone, { once: true });
        waiting.push(waiter);
      });
    },
    figures: () => ({ limit, inFlight, queued: waiting.length, shed }),
  };
}

export function createAdmission(settings: AdmissionSettings): Admission {
  const gates = Object.fromEntries(
    ROUTE_CLASSES.map((cls) => [cls, gate(settings.limits[cls], settings.waitMs)]),
  ) as Record<RouteClass, Gate>;
  return {
    enter: (cls, gone) => gates[cls].enter(gone),
    figures: () =>
      Object.fromEntries(ROUTE_CLASSES.map((cls) => [cls, gates[cls].figures()])) as Record<
        RouteClass,
        ClassFigures
      >,
  };
}

/**
 * The middleware that holds each request of a class `where` says to a slot of its class, or answers
 * it 503 at once. Mounted twice in the app: early for most requests, and after the page cache for
 * visitors' pages the cache may answer (an answer from the cache takes no slot).
 */
export function admissionControl(
  admission: Admission,
  o: { where: (c: Context, cls: RouteClass) => boolean },
): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    const cls = classOf(c.req.method, c.req.path);
    if (!cls || !o.where(c, cls)) return next();
    const outgoing = c.env?.outgoing;
    // The answer is over when the response closes: sent to its last byte, or its connection gone.
    const over = new AbortController();
    if (outgoing) {
      if (outgoing.closed) over.abort();
      else outgoing.once("close", () => over.abort());
    }
    const release = await admission.enter(cls, over.signal);
    if (!release) return overloaded(c);
    if (!outgoing) {
      // Without a Node response to watch (the app's fetch called directly): until the body is read.
      try {
        await next();
      } catch (error) {
        release();
        throw error;
      }
      const body = c.res.body;
      if (body) c.res = new Response(readThen(body, release), c.res);
      else release();
      return;
    }
    if (over.signal.aborted) release();
    else over.signal.addEventListener("abort", release, { once: true });
    await next();
  };
}

/** The refusal: come back in a moment. JSON for the API and providers' webhooks, a short page for browsers. */
function overloaded(c: Context): Response {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  const url = new URL(c.req.url);
  if (/^\/(api|webhooks)\//.test(url.pathname)) {
    const en = /^en\b/i.test(c.req.header("accept-language") ?? "");
    return c.json({ error: { code: "OVERLOADED", message: overloadedMessage(en ? "en" : "ja") } }, 503);
  }
  return c.html(overloadedPage(url.pathname, `${url.pathname}${url.search}`), 503);
}

/** The same bytes, calling `done` once they are all read, fail, or the reader gives up. */
function readThen(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          done();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}
