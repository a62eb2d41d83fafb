import { useSyncExternalStore } from "react";

/**
 * Tiny client-side stores for the shell: the snackbar queue and whether the last navigation ended
 * on an error page (the loading bar turns red then).
 */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type Toast = { id: number; text: string; tone: "info" | "error" };
const toasts = store<Toast[]>([]);
let nextId = 1;

export function showToast(text: string, tone: Toast["tone"] = "info") {
  toasts.set([...toasts.get(), { id: nextId++, text, tone }]);
}

export function dismissToast(id: number) {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(toasts.subscribe, toasts.get, () => []);
}

const routeError = store(false);
export const setRouteError = routeError.set;
export function useRouteErrorFlag(): boolean {
  return useSyncExternalStore(routeError.subscribe, routeError.get, () => false);
}
