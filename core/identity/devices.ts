import { isIPv4, isIPv6 } from "node:net";
import { UAParser } from "ua-parser-js";
import { msg } from "../shared/i18n/translate.ts";

/** A browser and its operating system as a person names them ("Safari", "iOS 17.5"); null when unknown. */
export type Device = { browser: string | null; os: string | null };

/** Reads the browser and the operating system from a User-Agent header. */
export function describeDevice(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, os: null };
  const r = new UAParser(userAgent).getResult();
  const name = (n: string | undefined, v: string | undefined) => (n ? (v ? `${n} ${v}` : n) : null);
  return {
    browser: r.browser.name ?? null,
    os: name(r.os.name, r.os.version?.split(".").slice(0, 2).join(".")),
  };
}

/**
 * Where a session was used, told only as a range of addresses: an IPv4 /24 (`203.0.113.x`) or an
 * IPv6 /48 (`2001:db8:1::/48`). No place name: there is no geolocation database behind it, so a city
 * would be a guess. Loopback and private ranges say so instead of a range.
 */
export type Place =
  | { kind: "range"; range: string }
  | { kind: "loopback" }
  | { kind: "private" }
  | { kind: "unknown" };

export function placeOf(ip: string | null | undefined): Place {
  const address = (ip ?? "").trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (isIPv4(address)) {
    const [a = 0, b = 0, c = 0] = address.split(".").map(Number);
    if (a === 127) return { kind: "loopback" };
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254))
      return { kind: "private" };
    if (a === 100 && b >= 64 && b <= 127) return { kind: "private" };
    return { kind: "range", range: `${a}.${b}.${c}.x` };
  }
  if (isIPv6(address)) {
    const groups = expandIPv6(address);
    if (groups.every((g, i) => g === (i === 7 ? 1 : 0))) return { kind: "loopback" };
    const first = groups[0] ?? 0;
    if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return { kind: "private" };
    return {
      kind: "range",
      range: `${groups
        .slice(0, 3)
        .map((g) => g.toString(16))
        .join(":")}::/48`,
    };
  }
  return { kind: "unknown" };
}

/** The eight 16-bit groups of an IPv6 address (`::` filled in, a zone id dropped). */
function expandIPv6(address: string): number[] {
  const [head = "", tail] = address.split("%")[0]?.split("::") ?? [];
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** Two sessions come from the same device when browser, system and range agree (versions aside). */
export function deviceKey(userAgent: string | null | undefined, ip: string | null | undefined): string {
  const r = userAgent ? new UAParser(userAgent).getResult() : null;
  const place = placeOf(ip);
  return [r?.browser.name ?? "?", r?.os.name ?? "?", place.kind === "range" ? place.range : place.kind].join(
    "|",
  );
}

/** A browser and its system as the catalogue says them. */
export function deviceMessage(device: Device) {
  if (!device.browser && !device.os) return msg("sessions.device.unknown");
  return device.browser && device.os
    ? msg("sessions.device.browserOn", { browser: device.browser, os: device.os })
    : msg("sessions.device.one", { name: device.browser ?? device.os ?? "" });
}

/** A place as the catalogue says it: a range, or what kind of network it is. */
export function placeMessage(place: Place) {
  return place.kind === "range"
    ? msg("sessions.place.range", { range: place.range })
    : msg(`sessions.place.${place.kind}`);
}
