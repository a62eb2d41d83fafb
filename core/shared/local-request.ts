const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDED = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * A request from this machine's own loopback address that no proxy forwarded: the person at the
 * machine running the server. Behind a proxy on the same machine every visitor arrives from
 * loopback, so a forwarding header makes a request not local whatever its address.
 */
export function isLocalRequest(ip: string | undefined, header: (name: string) => string | null | undefined) {
  return LOOPBACK.test(ip ?? "") && FORWARDED.every((name) => header(name) == null);
}
