import { isIP } from "node:net";

/**
 * The visitor's address, for per-address limits and the audit log. Without proxies (`trusted` 0) it
 * is the socket's. Behind `trusted` proxies, each of which appends the address it received from to
 * X-Forwarded-For, it is the entry that many from the end: whatever a visitor writes into the header
 * themselves stays to the left of it and is never believed.
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: number,
): string {
  const socket = socketAddress ?? "unknown";
  if (trusted <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const visitor = hops[hops.length - trusted];
  return visitor && isIP(visitor) ? visitor : socket;
}
