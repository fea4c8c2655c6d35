import { describe, expect, it } from "vitest";
import { CardTokenizationError, type FetchLike, fieldErrorsFromProviderBody, tokenizeCard } from "./tokenize-card";

const card = {
  cardNumber: "4509 9535 6623 3704",
  expirationMonth: "11",
  expirationYear: "30",
  securityCode: "123",
  cardholderName: "APRO",
  identification: { type: "DNI", number: "12345678" },
};

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeProvider(status: number, body: unknown): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      sent.push({ url, init });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    },
  };
}

function providerError(cause: { code: string | number; description: string; data?: string }[]) {
  return { message: cause[0]?.description ?? "bad request", error: "bad_request", status: 400, cause };
}

describe("tokenizeCard", () => {
  it("posts the card straight to the provider with the public key and returns the token", async () => {
    const provider = fakeProvider(201, {
      id: "9f2b6a1c0d3e4f5a6b7c8d9e0f1a2b3c",
      first_six_digits: "450995",
      last_four_digits: "3704",
      status: "active",
    });
    const token = await tokenizeCard({
      providerApiUrl: "http://127.0.0.1:4010/",
      publicKey: "TEST-pk 1",
      card,
      fetch: provider.fetch,
    });
    expect(token).toEqual({ id: "9f2b6a1c0d3e4f5a6b7c8d9e0f1a2b3c", firstSixDigits: "450995", lastFourDigits: "3704" });
    expect(provider.sent).toHaveLength(1);
    const [request] = provider.sent;
    expect(request?.url).toBe("http://127.0.0.1:4010/v1/card_tokens?public_key=TEST-pk%201");
    expect(request?.init.method).toBe("POST");
    expect(request?.init.credentials).toBe("omit");
    expect(JSON.parse(String(request?.init.body))).toEqual({
      card_number: "4509953566233704",
      expiration_month: 11,
      expiration_year: 2030,
      security_code: "123",
      cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
    });
  });

  it("leaves out an empty identification (Mexico asks for none)", async () => {
    const provider = fakeProvider(201, { id: "abc" });
    await tokenizeCard({
      providerApiUrl: "https://api.example",
      publicKey: "pk",
      card: { ...card, identification: { type: "", number: "" } },
      fetch: provider.fetch,
    });
    expect(JSON.parse(String(provider.sent[0]?.init.body)).cardholder).toEqual({ name: "APRO" });
  });

  it("maps a provider 400 to the field at fault", async () => {
    const provider = fakeProvider(
      400,
      providerError([
        {
          code: "E301",
          description: "card_number: invalid parameter card_number: it fails the Luhn check",
          data: "card_number",
        },
      ]),
    );
    const attempt = tokenizeCard({
      providerApiUrl: "https://api.example",
      publicKey: "pk",
      card,
      fetch: provider.fetch,
    });
    await expect(attempt).rejects.toBeInstanceOf(CardTokenizationError);
    await expect(attempt).rejects.toMatchObject({
      kind: "invalid_card",
      status: 400,
      fieldErrors: { cardNumber: "invalid" },
    });
  });

  it("treats a refused public key as configuration, 5xx and 429 as unavailable, no answer as network", async () => {
    const base = { providerApiUrl: "https://api.example", publicKey: "pk", card };
    await expect(
      tokenizeCard({ ...base, fetch: fakeProvider(401, { message: "invalid public key" }).fetch }),
    ).rejects.toMatchObject({ kind: "configuration", status: 401 });
    await expect(tokenizeCard({ ...base, fetch: fakeProvider(503, "<html>").fetch })).rejects.toMatchObject({
      kind: "unavailable",
      status: 503,
    });
    await expect(tokenizeCard({ ...base, fetch: fakeProvider(429, {}).fetch })).rejects.toMatchObject({
      kind: "unavailable",
    });
    await expect(
      tokenizeCard({
        ...base,
        fetch: async () => {
          throw new TypeError("Failed to fetch");
        },
      }),
    ).rejects.toMatchObject({ kind: "network", status: null });
  });

  it("refuses a success without a token id", async () => {
    await expect(
      tokenizeCard({
        providerApiUrl: "https://api.example",
        publicKey: "pk",
        card,
        fetch: fakeProvider(200, {}).fetch,
      }),
    ).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("fieldErrorsFromProviderBody", () => {
  it("reads the sandbox's named fields", () => {
    expect(
      fieldErrorsFromProviderBody(
        providerError([
          { code: 326, description: "expiration_year: the card has expired", data: "expiration_year" },
          { code: "E302", description: "security_code: wrong length", data: "security_code" },
          { code: 221, description: "parameter cardholder.name can not be null or empty", data: "cardholder.name" },
          { code: 324, description: "invalid", data: "cardholder.identification.number" },
        ]),
      ),
    ).toEqual({ expiry: "expired", securityCode: "invalid", cardholderName: "required", identification: "invalid" });
  });

  it("falls back to documented cause codes when the field is not named", () => {
    expect(
      fieldErrorsFromProviderBody(
        providerError([
          { code: "205", description: "parameter cardNumber can not be null/empty" },
          { code: 325, description: "invalid parameter cardExpirationMonth" },
          { code: "E203", description: "invalid parameter securityCode" },
          { code: 316, description: "invalid parameter cardholderName" },
        ]),
      ),
    ).toEqual({ cardNumber: "required", expiry: "invalid", securityCode: "invalid", cardholderName: "invalid" });
  });

  it("ignores bodies of other shapes", () => {
    expect(fieldErrorsFromProviderBody(null)).toEqual({});
    expect(fieldErrorsFromProviderBody({ errors: [{ code: "x", message: "y" }] })).toEqual({});
    expect(fieldErrorsFromProviderBody(providerError([{ code: 9999, description: "unknown" }]))).toEqual({});
  });
});
