import { describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { normalizeAddress, parseTrustProxy, resolveClientIp, TRUST_NO_PROXY, type TrustProxy } from "./trust-proxy";

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("parseTrustProxy", () => {
  it("trusts nothing by default", () => {
    for (const value of [undefined, "", "0", "false"]) expect(parseTrustProxy(value)).toEqual(TRUST_NO_PROXY);
    expect(loadEnv({}).TRUST_PROXY).toEqual(TRUST_NO_PROXY);
  });

  it("reads a number of hops and a list of addresses, ranges and keywords", () => {
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustProxy(" Loopback, 10.0.0.0/8 ,::1")).toEqual({
      kind: "addresses",
      entries: ["loopback", "10.0.0.0/8", "::1"],
    });
  });

  it("refuses values it cannot use, and env.ts names the variable", () => {
    for (const value of ["true", "11", "proxy.example.com", "10.0.0.0/33", "1.2.3.4/8/1"]) {
      expect(typeof parseTrustProxy(value), value).toBe("string");
    }
    expect(() => loadEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});

describe("resolveClientIp", () => {
  it("uses the socket address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(
      resolveClientIp({ socketAddress: "203.0.113.9", forwardedFor: "198.51.100.1", trustProxy: TRUST_NO_PROXY }),
    ).toBe("203.0.113.9");
    expect(resolveClientIp({ socketAddress: "::ffff:203.0.113.9", forwardedFor: null, trustProxy: trust("1") })).toBe(
      "203.0.113.9",
    );
    expect(resolveClientIp({ socketAddress: undefined, forwardedFor: "198.51.100.1", trustProxy: trust("1") })).toBe(
      null,
    );
  });

  it("with n trusted hops, takes the n-th entry from the right and ignores spoofed entries to its left", () => {
    // The client wrote "6.6.6.6" itself; our one proxy appended the real peer.
    const forwardedFor = "6.6.6.6, 198.51.100.7";
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor, trustProxy: trust("1") })).toBe("198.51.100.7");
    // Two proxies (CDN, then load balancer): the CDN appended the client.
    expect(
      resolveClientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 5.5.5.5, 198.51.100.7, 192.0.2.10",
        trustProxy: trust("2"),
      }),
    ).toBe("198.51.100.7");
    // Fewer entries than hops: the leftmost one is all there is.
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "198.51.100.7", trustProxy: trust("3") })).toBe(
      "198.51.100.7",
    );
  });

  it("with trusted addresses, walks right while each hop is a trusted proxy", () => {
    const trustProxy = trust("loopback, 10.0.0.0/8");
    expect(
      resolveClientIp({ socketAddress: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.7, 10.1.2.3", trustProxy }),
    ).toBe("198.51.100.7");
    // A peer that is not our proxy: its X-Forwarded-For is its own invention.
    expect(resolveClientIp({ socketAddress: "203.0.113.9", forwardedFor: "6.6.6.6", trustProxy })).toBe("203.0.113.9");
    // A proxy that is trusted vouches for whatever is left of it, even private addresses, but no further than one
    // untrusted hop.
    expect(resolveClientIp({ socketAddress: "::1", forwardedFor: "6.6.6.6, 192.168.1.20", trustProxy })).toBe(
      "192.168.1.20",
    );
  });

  it("stops at a malformed entry instead of believing what is left of it", () => {
    expect(
      resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, not-an-ip", trustProxy: trust("2") }),
    ).toBe("10.0.0.2");
  });

  it("normalizes addresses with ports, brackets and IPv4-mapped prefixes", () => {
    expect(normalizeAddress("198.51.100.7:4431")).toBe("198.51.100.7");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(normalizeAddress("unknown")).toBeNull();
  });
});
