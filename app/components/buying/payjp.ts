/**
 * PAY.JP's browser tokeniser (payjp.js v2), loaded only when a page shows a card form and the
 * provider is PAY.JP. Card details are typed into PAY.JP's own fields (an iframe) and exchanged
 * there for a single-use token; only the token reaches our server.
 */
export const PAYJP_SCRIPT_URL = "https://js.pay.jp/v2/pay.js";

export type PayjpCardElement = { mount(target: HTMLElement): void; unmount?(): void };
export type PayjpClient = {
  elements(): { create(type: "card", options?: Record<string, unknown>): PayjpCardElement };
  createToken(element: PayjpCardElement): Promise<{ id?: string; error?: { message?: string } }>;
};
type PayjpFactory = (publicKey: string, options?: Record<string, unknown>) => PayjpClient;

type ScriptElement = {
  src: string;
  async: boolean;
  addEventListener(type: "load" | "error", listener: () => void): void;
  remove(): void;
};

/** What the loader needs of `window` (a fake in tests). */
export type ScriptHost = {
  Payjp?: PayjpFactory;
  document: {
    createElement(tag: "script"): ScriptElement;
    head: { appendChild(node: ScriptElement): unknown };
  };
};

const loading = new WeakMap<object, Promise<PayjpFactory>>();

/** Adds pay.js to the page once (later calls share the first load); a failed load may be retried. */
function loadPayjp(host: ScriptHost): Promise<PayjpFactory> {
  if (host.Payjp) return Promise.resolve(host.Payjp);
  const pending = loading.get(host);
  if (pending) return pending;
  const load = new Promise<PayjpFactory>((resolve, reject) => {
    const script = host.document.createElement("script");
    script.src = PAYJP_SCRIPT_URL;
    script.async = true;
    script.addEventListener("load", () =>
      host.Payjp ? resolve(host.Payjp) : reject(new Error("pay.js loaded without Payjp")),
    );
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`could not load ${PAYJP_SCRIPT_URL}`));
    });
    host.document.head.appendChild(script);
  });
  loading.set(host, load);
  load.catch(() => loading.delete(host));
  return load;
}

/**
 * Starts PAY.JP with the public key. A missing key fails the initialisation: the error is logged
 * and nothing is returned (spec §8), as when the script cannot be loaded; the caller then says
 * that cards cannot be entered now.
 */
export async function initPayjp(
  publicKey: string | null | undefined,
  o: { host?: ScriptHost; locale?: "ja" | "en"; log?: (message: string, error?: unknown) => void } = {},
): Promise<PayjpClient | null> {
  const log = o.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  if (!publicKey) {
    log("PAY.JP: no public key is configured, so cards cannot be entered");
    return null;
  }
  try {
    const factory = await loadPayjp(o.host ?? (window as unknown as ScriptHost));
    return factory(publicKey, { locale: o.locale ?? "ja" });
  } catch (error) {
    log("PAY.JP: the card tokeniser could not be started", error);
    return null;
  }
}
