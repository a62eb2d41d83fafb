import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { type Priority, withPriority } from "#db/priority.ts";
import { overloadedMessage, overloadedPage } from "./malformed.ts";
import { currentPhases } from "./phases.ts";

/**
 * Admission control (decision 049): each server process takes on a bounded amount of work at once,
 * per class of request, so that past its capacity some requests are told at once to come back
 * instead of every request waiting longer.
 *
 * - Each class has its own slots: a page read never takes a write's slot, so a flood of readers
 *   leaves the purchases, payouts and providers' webhooks their budget (the largest).
 * - A request that finds its class full joins the class's queue, first come first served, if the
 *   queue has room (`queuePerSlot` waiting requests per slot), and waits there for its slot however
 *   long that takes; a request that finds the queue full too is answered at once: 503 with
 *   `Retry-After` (JSON for the API and webhooks, a short page for browsers). A request is only ever
 *   refused on arrival, never after it waited.
 * - A slot is held until the answer is done: its last byte sent (a streamed page renders well after
 *   its headers), or its client gone, whichever comes first.
 */

/** The classes of work, each with a budget of its own; the names are `/metrics` labels. */
export const ROUTE_CLASSES = ["pages", "api_reads", "writes", "webhooks"] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

export type AdmissionSettings = {
  /** Requests of each class answered at once by one process; 0: no limit. */
  limits: Record<RouteClass, number>;
  /**
   * How many requests may wait for a slot per slot of their class (the queue holds the class's slots
   * × this many); 0: no waiting, a request is refused as soon as its class is full.
   */
  queuePerSlot: number;
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

/**
 * Writes first (decision 050): the database runs a write's and a webhook's statements ahead of
 * reads, on PostgreSQL on connections reads never take; pages and API reads are reads.
 */
function priorityOf(cls: RouteClass): Priority {
  return cls === "writes" || cls === "webhooks" ? "write" : "read";
}

export type ClassFigures = {
  /** Slots of the class; 0: no limit. */
  limit: number;
  /** How many requests may wait for a slot at once (the slots × `queuePerSlot`). */
  queueLimit: number;
  /** Requests holding a slot now. */
  inFlight: number;
  /** Requests waiting for a slot now. */
  queued: number;
  /** Requests refused since the process started. */
  shed: number;
};

export type Admission = {
  /**
   * A slot of the class, when one is free or as soon as one frees: its release (which may be called
   * more than once), or null when the request was refused on arrival (its class and its queue full)
   * or its client left while it waited (not counted as refused).
   */
  enter(cls: RouteClass, gone?: AbortSignal): Promise<(() => void) | null>;
  figures(): Record<RouteClass, ClassFigures>;
};

type Gate = {
  enter(gone?: AbortSignal): Promise<(() => void) | null>;
  figures(): ClassFigures;
};

/** Requests waiting for a slot, first come first served: a linked list, so that taking the first
 * and removing one whose client left are both O(1) however long the queue. */
type Waiter = { admit(): void; prev: Waiter | null; next: Waiter | null };

function queue() {
  let head: Waiter | null = null;
  let tail: Waiter | null = null;
  let length = 0;
  const remove = (w: Waiter) => {
    if (w.prev) w.prev.next = w.next;
    else head = w.next;
    if (w.next) w.next.prev = w.prev;
    else tail = w.prev;
    w.prev = w.next = null;
    length -= 1;
  };
  return {
    get length() {
      return length;
    },
    push(w: Waiter) {
      w.prev = tail;
      if (tail) tail.next = w;
      else head = w;
      tail = w;
      length += 1;
    },
    shift(): Waiter | null {
      const first = head;
      if (first) remove(first);
      return first;
    },
    /** Takes `w` out of the queue; false if it was no longer in it. */
    remove(w: Waiter): boolean {
      if (w !== head && !w.prev) return false;
      remove(w);
      return true;
    },
  };
}

function gate(limit: number, queuePerSlot: number): Gate {
  const queueLimit = limit * queuePerSlot;
  let inFlight = 0;
  let shed = 0;
  const waiting = queue();

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
      // The only refusal: on arrival, at once, when the queue is full too.
      if (waiting.length >= queueLimit) {
        shed += 1;
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const onGone = () => {
          // A client that left is no refusal: taken out of the queue, uncounted.
          if (waiting.remove(waiter)) resolve(null);
        };
        const waiter: Waiter = {
          admit() {
            gone?.removeEventListener("abort", onGone);
            resolve(slot());
          },
          prev: null,
          next: null,
        };
        gone?.addEventListener("abort", onGone, { once: true });
        waiting.push(waiter);
      });
    },
    figures: () => ({ limit, queueLimit, inFlight, queued: waiting.length, shed }),
  };
}

export function createAdmission(settings: AdmissionSettings): Admission {
  const gates = Object.fromEntries(
    ROUTE_CLASSES.map((cls) => [cls, gate(settings.limits[cls], settings.queuePerSlot)]),
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
 * visitors' pages the cache may answer (an answer from the cache takes no slot). The rest of the
 * request runs with its class's database priority (decision 050), its wait for a slot counted.
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
    const phases = currentPhases();
    const waited = performance.now();
    const release = await admission.enter(cls, over.signal);
    if (phases) phases.admissionMs += performance.now() - waited;
    if (!release) return overloaded(c);
    const priority = priorityOf(cls);
    if (!outgoing) {
      // Without a Node response to watch (the app's fetch called directly): until the body is read.
      try {
        await withPriority(priority, next, phases?.db);
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
    await withPriority(priority, next, phases?.db);
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
