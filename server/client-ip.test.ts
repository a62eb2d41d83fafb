import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.ts";

describe("the visitor's address", () => {
  it("is the socket's without a proxy, whatever X-Forwarded-For says", () => {
    expect(clientIp("203.0.113.9", "198.51.100.1", 0)).toBe("203.0.113.9");
    expect(clientIp(undefined, undefined, 0)).toBe("unknown");
  });

  it("is the entry the trusted proxies appended, never one the visitor wrote", () => {
    // One load balancer: it appended the visitor's address last.
    expect(clientIp("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    // A visitor who forges the header only adds entries to the left.
    expect(clientIp("10.0.0.2", "1.2.3.4, 198.51.100.7", 1)).toBe("198.51.100.7");
    // Two proxies: a CDN, then the load balancer.
    expect(clientIp("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.9", 2)).toBe("198.51.100.7");
    expect(clientIp("10.0.0.2", "2001:db8::1", 1)).toBe("2001:db8::1");
  });

  it("falls back to the socket when the header is missing, short or not an address", () => {
    expect(clientIp("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", "198.51.100.7", 2)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", "not-an-ip", 1)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
  });
});
