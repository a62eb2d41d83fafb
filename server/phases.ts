import { AsyncLocalStorage } from "node:async_hooks";
import type { DatabaseTiming } from "#db/priority.ts";

/**
 * Where a request's time goes (decision 050), measured inside the server: waiting for its admission
 * slot, waiting for the database (the embedded database's line, or a free connection of the pool),
 * running SQL, and the round trips to the payment and payout providers (less the database time the
 * sandboxes spend inside them). Database times are summed over the request's statements.
 */
export type RequestPhases = { admissionMs: number; providerMs: number; db: DatabaseTiming };

const storage = new AsyncLocalStorage<RequestPhases>();

/** Runs a request's work with a new record of its phases, handed to `work` and to what it starts. */
export function withPhases<T>(work: (phases: RequestPhases) => T): T {
  const phases: RequestPhases = { admissionMs: 0, providerMs: 0, db: { waitMs: 0, sqlMs: 0 } };
  return storage.run(phases, () => work(phases));
}

/** The phases of the request under way, if any. */
export function currentPhases(): RequestPhases | undefined {
  return storage.getStore();
}

/**
 * The provider as it was, each call's time counted to the request under way as a provider round
 * trip, less what the database took meanwhile (the sandboxes keep their state in the database,
 * counted there already).
 */
export function timedProvider<T extends object>(provider: T): T {
  return new Proxy(provider, {
    get(target, key) {
      // Read on the object itself: its getters may use private fields, which a proxy has not.
      const value = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const phases = storage.getStore();
        if (!phases) return value.apply(target, args);
        const started = performance.now();
        const db = phases.db.waitMs + phases.db.sqlMs;
        const count = () => {
          const inDatabase = phases.db.waitMs + phases.db.sqlMs - db;
          phases.providerMs += Math.max(0, performance.now() - started - inDatabase);
        };
        const result = value.apply(target, args);
        if (result instanceof Promise) return result.finally(count);
        count();
        return result;
      };
    },
  });
}
