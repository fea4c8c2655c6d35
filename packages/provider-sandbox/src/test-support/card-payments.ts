// Shortcuts for tests that need a card token or a card payment: a published
// test card of the site, expiring 11/30, whose cardholder name (APRO by
// default) picks the outcome.

import { expect } from "vitest";
import type { SiteId } from "../context";
import { TEST_CARD_EXPIRY, testCard } from "../data/test-cards";
import type { Schemas } from "../schemas";
import type { ApiClient, JsonResponse } from "./api-client";

/** The document most card tests tokenize with (an Argentine DNI). */
export const TEST_DNI = { type: "DNI", number: "12345678" } as const;

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

/** Tokenizes a test card and returns the token id (expects a 201). */
export async function tokenize(api: ApiClient, options: TokenizeOptions = {}): Promise<string> {
  const res = await api.post<Schemas["CardToken"]>("/v1/card_tokens", cardTokenBody(options));
  expect(res.status, `tokenize: ${JSON.stringify(res.body)}`).toBe(201);
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
