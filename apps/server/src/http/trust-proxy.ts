// Which X-Forwarded-For entries to believe, and the one function that finds a
// request's client address from the socket and that header. Every rate limit
// and sign-in throttle keys on its answer.
//
// X-Forwarded-For is a list each proxy appends to: "client, proxy1, proxy2",
// and the socket's peer is the last proxy. Anyone can write the left part, so
// the list is read from the right and only as far as our own proxies reach:
// the first address that is not one of ours is the client. Entries a client
// wrote before that point are ignored, spoofed or not.
import { BlockList, isIP } from "node:net";

/** What TRUST_PROXY says (env.ts parses it with `parseTrustProxy`). */
export type TrustProxy =
  | { kind: "none" }
  /** The last `hops` addresses (the socket's peer first) are our proxies. */
  | { kind: "hops"; hops: number }
  /** Peers with these addresses, CIDR ranges or keywords are our proxies. */
  | { kind: "addresses"; entries: readonly string[] };

export const TRUST_NO_PROXY: TrustProxy = { kind: "none" };

const KEYWORD_RANGES: Readonly<Record<string, ReadonlyArray<readonly [string, number]>>> = {
  loopback: [
    ["127.0.0.0", 8],
    ["::1", 128],
  ],
  linklocal: [
    ["169.254.0.0", 16],
    ["fe80::", 10],
  ],
  uniquelocal: [
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["fc00::", 7],
  ],
};

/**
 * Parses a TRUST_PROXY value: unset, "", "0" or "false" trust nothing; a whole number trusts that many hops; anything
 * else is a comma-separated list of addresses, CIDR ranges (`10.0.0.0/8`) and keywords (loopback, linklocal,
 * uniquelocal). Returns an error message for a value it cannot use.
 *
 * @example parseTrustProxy("1") // { kind: "hops", hops: 1 }
 * @example parseTrustProxy("loopback, 10.1.2.3") // { kind: "addresses", entries: ["loopback", "10.1.2.3"] }
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "false" || text === "0") return TRUST_NO_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops > 0 && hops <= 10 ? { kind: "hops", hops } : "a number of trusted hops must be between 1 and 10";
  }
  if (text === "true") return 'use a number of hops or a list of proxy addresses, not "true" (it would trust anyone)';
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    if (!(entry in KEYWORD_RANGES) && subnetOf(entry) === null) {
      return `"${entry}" is neither an IP address, a CIDR range nor one of loopback, linklocal, uniquelocal`;
    }
  }
  return { kind: "addresses", entries };
}

export interface ResolveClientIpOptions {
  /** The socket's remote address (null when there is no socket, as in app.request() tests). */
  socketAddress: string | null | undefined;
  /** The X-Forwarded-For request header(s), if any. */
  forwardedFor: string | null | undefined;
  trustProxy: TrustProxy;
}

/**
 * The client's IP address under the TRUST_PROXY setting: the socket's address, or, when that is a trusted proxy,
 * the X-Forwarded-For entry that proxy vouches for, walking right to left while the hops are trusted. Returns null
 * when no address is known.
 */
export function resolveClientIp(options: ResolveClientIpOptions): string | null {
  const socket = normalizeAddress(options.socketAddress ?? "");
  if (socket === null) return null;
  const { trustProxy } = options;
  if (trustProxy.kind === "none" || !options.forwardedFor) return socket;

  const forwarded = options.forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const isTrusted = trustProxy.kind === "hops" ? null : blockListOf(trustProxy.entries);

  let client = socket;
  for (let hop = 0; hop < forwarded.length; hop++) {
    const trusted =
      isTrusted === null ? hop < (trustProxy.kind === "hops" ? trustProxy.hops : 0) : matches(isTrusted, client);
    if (!trusted) break;
    // The entry our proxy wrote: whoever connected to it.
    const previous = normalizeAddress(forwarded[forwarded.length - 1 - hop] ?? "");
    // A malformed entry: the header cannot be read further; the last trusted proxy is all we know.
    if (previous === null) break;
    client = previous;
  }
  return client;
}

/** A plain address: "::ffff:1.2.3.4" → "1.2.3.4", ports and brackets dropped; null if it is not an IP address. */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped?.[1]) text = mapped[1];
  return isIP(text) === 0 ? null : text.toLowerCase();
}

function subnetOf(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [addressPart = "", prefixPart, extra] = entry.split("/");
  if (extra !== undefined) return null;
  const version = isIP(addressPart);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixPart === undefined ? max : /^\d+$/.test(prefixPart) ? Number(prefixPart) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address: addressPart, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

const blockLists = new WeakMap<readonly string[], BlockList>();

function blockListOf(entries: readonly string[]): BlockList {
  const cached = blockLists.get(entries);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of entries) {
    const ranges = KEYWORD_RANGES[entry] ?? [];
    for (const [address, prefix] of ranges) list.addSubnet(address, prefix, isIP(address) === 4 ? "ipv4" : "ipv6");
    const subnet = subnetOf(entry);
    if (subnet) list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  blockLists.set(entries, list);
  return list;
}

function matches(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}
