/**
 * Mercado Pago webhook signatures (`x-signature: ts=<unix seconds>,v1=<hex>`).
 *
 * provider: the signed manifest is `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (trailing semicolon), where
 * `data.id` comes from the notification's query string and is lower-cased, a part whose value is absent is omitted
 * (`ts` is mandatory), and `v1` is the lower-case hex HMAC-SHA256 of the manifest keyed by the app's webhook secret.
 */

import { createHmac, timingSafeEqual } from "node:crypto";

/** Why a signature was refused. */
export type WebhookSignatureFailureReason =
  | "MissingSignatureHeader"
  | "MalformedSignatureHeader"
  | "MissingTimestamp"
  | "MissingHash"
  | "SignatureMismatch"
  | "TimestampOutOfTolerance";

/** Outcome of `verifyWebhookSignature`. `ts` is the signed timestamp (Unix seconds) when the header had one. */
export type WebhookSignatureResult =
  | { ok: true; ts: number }
  | { ok: false; reason: WebhookSignatureFailureReason; ts?: number };

/** The parts of the manifest. Empty strings, `null` and `undefined` count as absent. */
export interface WebhookManifestParts {
  /** `data.id` from the notification URL's query string (not the body). */
  dataId?: string | number | null;
  /** The `x-request-id` header of the notification. */
  xRequestId?: string | null;
  /** Unix seconds, exactly as written in the header. */
  ts: string | number;
}

/** Input of `verifyWebhookSignature`. */
export interface VerifyWebhookSignatureInput {
  /** The app's webhook secret (dashboard → Webhooks). */
  secret: string;
  /** The `x-signature` header. */
  xSignature: string | null | undefined;
  /** The `x-request-id` header. */
  xRequestId?: string | null;
  /** `data.id` from the query string. */
  dataId?: string | number | null;
  /** When given, refuse a `ts` further than this from `now` (either direction). No check when omitted. */
  toleranceSeconds?: number;
  /** Current time (`Date` or epoch milliseconds), for the tolerance check. Default `Date.now()`. */
  now?: Date | number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const UNIX_SECONDS = /^\d+$/;

function isPresent(value: string | number | null | undefined): value is string | number {
  return value !== null && value !== undefined && String(value) !== "";
}

/**
 * Builds the string Mercado Pago signs.
 *
 * @example
 * buildWebhookManifest({ dataId: "ORD01ABC", xRequestId: "req-1", ts: 1704908010 });
 * // "id:ord01abc;request-id:req-1;ts:1704908010;"
 */
export function buildWebhookManifest({ dataId, xRequestId, ts }: WebhookManifestParts): string {
  let manifest = "";
  // provider: an alphanumeric data.id is signed lower-cased (Orders ids look like ORD01J…); digits are unaffected.
  if (isPresent(dataId)) manifest += `id:${String(dataId).toLowerCase()};`;
  if (isPresent(xRequestId)) manifest += `request-id:${xRequestId};`;
  manifest += `ts:${ts};`;
  return manifest;
}

function assertSecret(secret: string): void {
  if (typeof secret !== "string" || secret === "") throw new TypeError("webhook secret is required");
}

/** Lower-case hex HMAC-SHA256 of the manifest for these parts, keyed by `secret` (the `v1` value). */
export function computeWebhookSignature(parts: WebhookManifestParts & { secret: string }): string {
  assertSecret(parts.secret);
  return createHmac("sha256", parts.secret).update(buildWebhookManifest(parts), "utf8").digest("hex");
}

/** Input of `signWebhook`. */
export interface SignWebhookInput {
  secret: string;
  dataId?: string | number | null;
  xRequestId?: string | null;
  /** Unix seconds. Default: now. */
  ts?: number;
}

/**
 * Signs a notification the way Mercado Pago does, returning the `x-signature` header value (used by the sandbox to
 * emit webhooks, and by tests).
 *
 * @example
 * const { xSignature } = signWebhook({ secret, dataId: "123", xRequestId: "req-1" });
 * // "ts=1704908010,v1=…"
 */
export function signWebhook(input: SignWebhookInput): { xSignature: string; ts: number; v1: string } {
  const ts = input.ts ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(ts) || ts < 0) throw new RangeError("ts must be a whole number of Unix seconds");
  const v1 = computeWebhookSignature({ ...input, ts });
  return { xSignature: `ts=${ts},v1=${v1}`, ts, v1 };
}

type ParsedHeader = { ok: true; values: Map<string, string> } | { ok: false };

function parseSignatureHeader(header: string): ParsedHeader {
  const values = new Map<string, string>();
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator <= 0) return { ok: false };
    const key = part.slice(0, separator).trim().toLowerCase();
    const value = part.slice(separator + 1).trim();
    if (key === "" || value === "") return { ok: false };
    values.set(key, value);
  }
  return { ok: true, values };
}

function toEpochMs(now: Date | number | undefined): number {
  if (now === undefined) return Date.now();
  return now instanceof Date ? now.getTime() : now;
}

/**
 * Verifies a webhook's `x-signature` against the secret, comparing HMACs in constant time. Returns
 * `{ ok: true, ts }` or `{ ok: false, reason }`; throws only for a missing secret (a configuration error).
 * A `ts` that is not whole seconds makes the header malformed. The tolerance check runs only when
 * `toleranceSeconds` is given, and after the signature check, so a stale but genuine notification reports
 * `TimestampOutOfTolerance`.
 *
 * @example
 * const result = verifyWebhookSignature({
 *   secret: env.MP_WEBHOOK_SECRET,
 *   xSignature: request.headers.get("x-signature"),
 *   xRequestId: request.headers.get("x-request-id"),
 *   dataId: url.searchParams.get("data.id"),
 *   toleranceSeconds: 300,
 * });
 * if (!result.ok) return new Response(result.reason, { status: 401 });
 */
export function verifyWebhookSignature(input: VerifyWebhookSignatureInput): WebhookSignatureResult {
  assertSecret(input.secret);
  const header = input.xSignature?.trim();
  if (!header) return { ok: false, reason: "MissingSignatureHeader" };
  const parsed = parseSignatureHeader(header);
  if (!parsed.ok) return { ok: false, reason: "MalformedSignatureHeader" };
  const rawTs = parsed.values.get("ts");
  if (rawTs === undefined) return { ok: false, reason: "MissingTimestamp" };
  if (!UNIX_SECONDS.test(rawTs)) return { ok: false, reason: "MalformedSignatureHeader" };
  const ts = Number(rawTs);
  const received = parsed.values.get("v1");
  if (received === undefined) return { ok: false, reason: "MissingHash", ts };
  // The manifest uses the header's ts verbatim: re-formatting it (e.g. dropping leading zeros) would change the HMAC.
  const expected = computeWebhookSignature({
    secret: input.secret,
    dataId: input.dataId,
    xRequestId: input.xRequestId,
    ts: rawTs,
  });
  const matches =
    HEX_SHA256.test(received) && timingSafeEqual(Buffer.from(received, "hex"), Buffer.from(expected, "hex"));
  if (!matches) return { ok: false, reason: "SignatureMismatch", ts };
  if (input.toleranceSeconds !== undefined) {
    const skewMs = Math.abs(toEpochMs(input.now) - ts * 1000);
    if (skewMs > input.toleranceSeconds * 1000) return { ok: false, reason: "TimestampOutOfTolerance", ts };
  }
  return { ok: true, ts };
}
