// Sandbox credentials: the documented default seller, and how user ids and
// public keys are derived from access tokens so that a token seen for the
// first time always maps to the same seller (across restarts, too).

import { createHash, randomBytes, randomInt } from "node:crypto";
import type { SiteId } from "../context";

/** The seller every sandbox has (documented in the README; safe to hard-code in dev configs and tests). */
export const DEFAULT_SELLER = {
  userId: 1000001,
  accessToken: "TEST-0000000000000000-000000-00000000000000000000000000000000-1000001",
  publicKey: "TEST-00000000-0000-0000-0000-000000000001",
  nickname: "TESTSELLER1000001",
} as const;

/** The webhook secret used when none is configured (sign and verify with it in development). */
export const DEFAULT_WEBHOOK_SECRET = "cobro-sandbox-webhook-secret";

/** provider: access tokens look like `APP_USR-…` (production / test users) or `TEST-…` (legacy test credentials). */
export const ACCESS_TOKEN_PREFIXES = ["TEST-", "APP_USR-"] as const;

export const SITE_IDS: readonly SiteId[] = ["MLA", "MLB", "MLM", "MLC", "MCO", "MPE", "MLU"];

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === "string" && (SITE_IDS as readonly string[]).includes(value);
}

export function hasAccessTokenShape(token: string): boolean {
  return ACCESS_TOKEN_PREFIXES.some((prefix) => token.startsWith(prefix) && token.length > prefix.length);
}

function hashNumber(text: string): number {
  return createHash("sha256").update(text).digest().readUIntBE(0, 6);
}

/**
 * The user id an access token belongs to: its trailing `-<digits>` segment
 * (provider tokens end with the user id) or, failing that, a stable hash.
 */
export function userIdFromAccessToken(token: string): number {
  const trailing = /-(\d{1,15})$/.exec(token)?.[1];
  if (trailing) {
    const id = Number(trailing);
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  return 100_000_000 + (hashNumber(token) % 900_000_000);
}

/** A UUID-shaped string derived from a seed (stable public keys for auto-created sellers). */
function uuidFromSeed(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function publicKeyForToken(token: string): string {
  const prefix = token.startsWith("APP_USR-") ? "APP_USR" : "TEST";
  return `${prefix}-${uuidFromSeed(`public-key:${token}`)}`;
}

function digits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/**
 * The application an access token was issued to. provider: tokens read
 * `APP_USR-<client id>-<date>-<hash>-<user id>`; the client id is the
 * application's id, which the provider itself reads back from the token (a
 * maintainer in mercadopago/devsite-docs PR #1199: "el client_id se toma del
 * access token"). `null` when the segment is absent or all zeros, as in the
 * default seller's documented token.
 */
export function applicationIdFromAccessToken(token: string): number | null {
  const segment = /^(?:TEST|APP_USR)-(\d{1,16})-/.exec(token)?.[1];
  const id = segment === undefined ? Number.NaN : Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The id of a seller's own application, for calls whose token names none (the
 * default seller's, a public key): the seller's OAuth client id when it is an
 * application, else a stable 16-digit number derived from its user id.
 */
export function ownApplicationId(seller: { userId: number; clientId: string | null }): number {
  const clientId = seller.clientId === null ? Number.NaN : Number(seller.clientId);
  if (Number.isSafeInteger(clientId) && clientId > 0) return clientId;
  return 1_000_000_000_000_000 + (hashNumber(`application:${seller.userId}`) % 8_000_000_000_000_000);
}

/**
 * Fresh credentials in the provider's shape for a new seller. `applicationId`
 * (the OAuth app a token is issued to) goes in the token's client-id segment.
 */
export function generateCredentials(
  userId: number,
  prefix: "TEST" | "APP_USR" = "TEST",
  applicationId?: string,
): { accessToken: string; refreshToken: string; publicKey: string } {
  return {
    accessToken: `${prefix}-${applicationId ?? digits(16)}-${digits(6)}-${randomBytes(16).toString("hex")}-${userId}`,
    refreshToken: `TG-${randomBytes(12).toString("hex")}-${userId}`,
    publicKey: `${prefix}-${uuidFromSeed(randomBytes(16).toString("hex"))}`,
  };
}
