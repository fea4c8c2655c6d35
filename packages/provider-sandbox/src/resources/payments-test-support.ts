// Test helpers for the payments family: a JSON client over the
// contract-checking fetch, and shortcuts to tokenize a test card and pay.

import { randomUUID } from "node:crypto";
import type { SiteId } from "../context";
import { TEST_CARD_EXPIRY, testCard } from "../data/test-cards";
import type { Schemas } from "../schemas";
import { createTestSandbox, DEFAULT_SELLER, type TestSandbox } from "../testing";

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  readonly token: string;
  get<T = unknown>(path: string): Promise<JsonResponse<T>>;
  post<T = unknown>(path: string, body?: unknown): Promise<JsonResponse<T>>;
  put<T = unknown>(path: string, body: unknown): Promise<JsonResponse<T>>;
  del<T = unknown>(path: string): Promise<JsonResponse<T>>;
}

/** A quiet sandbox whose clock only moves when a test advances it. */
export function startPaymentsSandbox(): Promise<TestSandbox> {
  return createTestSandbox({ tickIntervalMs: 0 });
}

/** A client for one access token; every write carries a fresh X-Idempotency-Key. */
export function apiFor(sandbox: TestSandbox, token: string = DEFAULT_SELLER.accessToken): ApiClient {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (method !== "GET") headers["x-idempotency-key"] = randomUUID();
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await sandbox.fetch(`${sandbox.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  };
  return {
    token,
    get: (path) => send("GET", path),
    post: (path, body) => send("POST", path, body),
    put: (path, body) => send("PUT", path, body),
    del: (path) => send("DELETE", path),
  };
}

/** A new seller of a site, with its own client. */
export function sellerApi(sandbox: TestSandbox, siteId: SiteId): { api: ApiClient; userId: number; publicKey: string } {
  const seller = sandbox.control.createSeller({ siteId });
  return { api: apiFor(sandbox, seller.accessToken), userId: seller.userId, publicKey: seller.publicKey };
}

export interface TokenizeOptions {
  siteId?: SiteId;
  brand?: string;
  name?: string;
  number?: string;
  securityCode?: string;
  month?: number | string;
  year?: number | string;
  identification?: { type: string; number: string };
}

/** The card-data body of POST /v1/card_tokens for a test card. */
export function cardTokenBody(options: TokenizeOptions = {}): Schemas["CardTokenCardDataRequest"] {
  const card = testCard(options.siteId ?? "MLA", options.brand ?? "visa");
  return {
    card_number: options.number ?? card.number,
    expiration_month: options.month ?? TEST_CARD_EXPIRY.month,
    expiration_year: options.year ?? TEST_CARD_EXPIRY.year,
    security_code: options.securityCode ?? card.securityCode,
    cardholder: {
      name: options.name ?? "APRO",
      ...(options.identification ? { identification: options.identification } : {}),
    },
  };
}

/** Tokenizes a test card and returns the token id (fails the test on a non-201). */
export async function tokenize(api: ApiClient, options: TokenizeOptions = {}): Promise<string> {
  const res = await api.post<Schemas["CardToken"]>("/v1/card_tokens", cardTokenBody(options));
  if (res.status !== 201) throw new Error(`tokenize failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export interface PayOptions extends TokenizeOptions {
  amount?: number;
  extra?: Partial<Schemas["PaymentCreateRequest"]>;
}

/** Tokenizes a test card and creates a card payment with it; returns the raw response. */
export async function payWithCard(api: ApiClient, options: PayOptions = {}): Promise<JsonResponse<Schemas["Payment"]>> {
  const token = await tokenize(api, options);
  return api.post<Schemas["Payment"]>("/v1/payments", {
    transaction_amount: options.amount ?? 100,
    token,
    installments: 1,
    payment_method_id: options.brand ?? "visa",
    payer: { email: "buyer@testuser.com" },
    ...options.extra,
  });
}
