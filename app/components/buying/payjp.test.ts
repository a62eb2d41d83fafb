import { describe, expect, it } from "vitest";
import { initPayjp, PAYJP_SCRIPT_URL, type PayjpClient, type ScriptHost } from "./payjp.ts";

/** A stand-in for `window`: records the scripts added and lets the test load or fail them. */
function fakeHost() {
  const scripts: { src: string; async: boolean; fire(type: "load" | "error"): void; removed: boolean }[] = [];
  const client = { elements: () => ({ create: () => ({ mount() {} }) }) } as unknown as PayjpClient;
  const keys: string[] = [];
  const host: ScriptHost & { scripts: typeof scripts; keys: string[] } = {
    scripts,
    keys,
    document: {
      createElement() {
        const listeners: Record<string, (() => void)[]> = {};
        const script = {
          src: "",
          async: false,
          removed: false,
          addEventListener(type: "load" | "error", fn: () => void) {
            listeners[type] = [...(listeners[type] ?? []), fn];
          },
          remove() {
            script.removed = true;
          },
          fire(type: "load" | "error") {
            if (type === "load") {
              host.Payjp = (key) => {
                keys.push(key);
                return client;
              };
            }
            for (const fn of listeners[type] ?? []) fn();
          },
        };
        return script;
      },
      head: {
        appendChild(node: unknown) {
          scripts.push(node as (typeof scripts)[number]);
          return node;
        },
      },
    },
  };
  return host;
}

describe("the PAY.JP loader", () => {
  it("fails a missing public key with a logged error, without loading anything", async () => {
    const host = fakeHost();
    const logged: string[] = [];
    for (const key of [undefined, null, ""]) {
      expect(await initPayjp(key, { host, log: (m) => logged.push(m) })).toBeNull();
    }
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatch(/PAY\.JP: no public key/);
    expect(host.scripts).toEqual([]);
  });

  it("adds pay.js once, however many card forms start at the same time", async () => {
    const host = fakeHost();
    const first = initPayjp("pk_test_abc", { host });
    const second = initPayjp("pk_test_abc", { host });
    expect(host.scripts).toHaveLength(1);
    expect(host.scripts[0]).toMatchObject({ src: PAYJP_SCRIPT_URL, async: true });
    host.scripts[0]!.fire("load");
    expect(await first).not.toBeNull();
    expect(await second).not.toBeNull();
    // Later forms use the script already on the page.
    expect(await initPayjp("pk_test_abc", { host })).not.toBeNull();
    expect(host.scripts).toHaveLength(1);
    expect(host.keys).toEqual(["pk_test_abc", "pk_test_abc", "pk_test_abc"]);
  });

  it("logs a script that cannot be loaded, answers nothing, and may try again later", async () => {
    const host = fakeHost();
    const logged: string[] = [];
    const log = (m: string) => logged.push(m);
    const failed = initPayjp("pk_test_abc", { host, log });
    host.scripts[0]!.fire("error");
    expect(await failed).toBeNull();
    expect(logged).toEqual(["PAY.JP: the card tokeniser could not be started"]);
    expect(host.scripts[0]!.removed).toBe(true);
    const retried = initPayjp("pk_test_abc", { host, log });
    expect(host.scripts).toHaveLength(2);
    host.scripts[1]!.fire("load");
    expect(await retried).not.toBeNull();
  });
});
