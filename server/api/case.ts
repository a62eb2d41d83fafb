/** The API speaks snake_case on the wire; the code speaks camelCase. Conversion happens here only. */
export function toCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[convert(k)] = convertKeys(v, convert);
  }
  return out;
}

/** Reads `?a=1&tags[]=x&tags[]=y` into `{ a: "1", tags: ["x", "y"] }` with camelCase keys. */
export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    if (rawKey.endsWith("[]")) {
      const key = toCamel(rawKey.slice(0, -2));
      const list = out[key];
      out[key] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      out[toCamel(rawKey)] = value;
    }
  }
  return out;
}
