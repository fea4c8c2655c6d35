import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER } from "./core/credentials";
import { bearer, startFixtureSandbox, TOKEN_A, TOKEN_B } from "./test-support/fixture-sandbox";
import { useSandbox } from "./test-support/use-sandbox";

const sandbox = await useSandbox(startFixtureSandbox, { resetBeforeEach: true });

const widget = { transaction_amount: 10.5, payer: { email: "buyer@testuser.com" } };

async function createWidget(token: string, body: unknown = widget): Promise<Response> {
  return sandbox.fetch(`${sandbox.url}/v1/widgets`, {
    method: "POST",
    headers: bearer(token),
    body: JSON.stringify(body),
  });
}

describe("auth", () => {
  it("answers 401 in the classic shape without a token", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toMatchObject({ message: "invalid_token", error: "unauthorized", status: 401 });
    expect(body.cause[0].code).toBe(2001);
  });

  it("refuses tokens that are not TEST- or APP_USR-", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer("sk_live_123") });
    expect(res.status).toBe(401);
    expect((await res.json()).cause[0]).toMatchObject({ code: 2001, description: "invalid access token" });
  });

  it("accepts the default seller's documented token", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer(DEFAULT_SELLER.accessToken) });
    expect(await res.json()).toEqual({ user_id: 1000001, auth_kind: "bearer" });
  });

  it("creates a seller on first sight, with the user id from the token's trailing digits", async () => {
    const a = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer(TOKEN_A) });
    const b = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer(TOKEN_B) });
    expect((await a.json()).user_id).toBe(5550001);
    expect((await b.json()).user_id).toBe(5550002);
    const noDigits = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer("TEST-abcdef") });
    const again = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer("TEST-abcdef") });
    const id = (await noDigits.json()).user_id;
    expect(id).toBeGreaterThan(0);
    expect((await again.json()).user_id).toBe(id);
  });

  it("partitions data per seller", async () => {
    const created = await (await createWidget(TOKEN_A)).json();
    const own = await sandbox.fetch(`${sandbox.url}/v1/widgets/${created.id}`, { headers: bearer(TOKEN_A) });
    expect(own.status).toBe(200);
    const other = await sandbox.fetch(`${sandbox.url}/v1/widgets/${created.id}`, { headers: bearer(TOKEN_B) });
    expect(other.status).toBe(404);
    const search = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_B) });
    expect((await search.json()).results).toEqual([]);
  });

  it("accepts a public key on card tokens and marks authKind public_key", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/card_tokens?public_key=${DEFAULT_SELLER.publicKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card_number: "5031755734530604" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ seller_id: 1000001, auth_kind: "public_key" });
  });

  it("refuses an unknown public key", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/card_tokens?public_key=TEST-nope`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
  });

  it("lets public operations through without a token (security: [{}])", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "authorization_code" }),
    });
    expect(res.status).toBe(200);
  });

  it("serves non-provider pages without a token (default prefixes and markPublicPath)", async () => {
    const checkout = await fetch(`${sandbox.url}/checkout/v1/redirect?pref_id=abc`);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("checkout abc");
    const marked = await fetch(`${sandbox.url}/test-pages/hello`);
    expect(await marked.text()).toBe("hello");
  });
});

describe("routing", () => {
  it("accepts paths with and without the trailing slash", async () => {
    for (const path of ["/checkout/preferences", "/checkout/preferences/"]) {
      const res = await sandbox.fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: bearer(TOKEN_A),
        body: JSON.stringify({ items: [{ id: "1" }] }),
      });
      expect(res.status, path).toBe(201);
    }
    for (const path of ["/v1/widgets/7/notes", "/v1/widgets/7/notes/", "/v1/widgets/search/"]) {
      const res = await sandbox.fetch(`${sandbox.url}${path}`, { headers: bearer(TOKEN_A) });
      expect(res.status, path).toBe(200);
    }
  });

  it("answers an unknown route with the provider's 404 JSON", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/nothing-here`, { headers: bearer(TOKEN_A) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "resource not found", error: "not_found", status: 404 });
    const orders = await fetch(`${sandbox.url}/v1/orders/ORD1/unknown`, { headers: bearer(TOKEN_A) });
    expect(orders.status).toBe(404);
    expect((await orders.json()).errors[0].code).toBe("not_found");
  });

  it("turns an unexpected handler error into a 500 internal_error", async () => {
    const res = await createWidget(TOKEN_A, { ...widget, description: "explode" });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: "internal_error", error: "internal_error", status: 500 });
  });

  it("sets x-request-id on every response", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("request bodies", () => {
  it("answers malformed JSON with a 400 in the classic shape", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: "{nope",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: "bad_request", status: 400 });
    expect(body.cause[0].code).toBe("json_syntax_error");
  });

  it("answers malformed JSON on Orders paths with json_syntax_error", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/orders`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "k-json" }),
      body: "[1,",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].code).toBe("json_syntax_error");
  });

  it("checks auth before parsing the body", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets`, { method: "POST", body: "{nope" });
    expect(res.status).toBe(401);
  });
});

describe("CORS on card tokens", () => {
  it("answers the browser's preflight without auth", async () => {
    const res = await fetch(`${sandbox.url}/v1/card_tokens?public_key=${DEFAULT_SELLER.publicKey}`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("only allows configured origins when a list is given", async () => {
    const strict = await startFixtureSandbox({ corsOrigins: ["https://shop.example"] });
    try {
      const allowed = await fetch(`${strict.url}/v1/card_tokens`, {
        method: "OPTIONS",
        headers: { origin: "https://shop.example", "access-control-request-method": "POST" },
      });
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      const denied = await fetch(`${strict.url}/v1/card_tokens`, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(denied.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await strict.close();
    }
  });
});

describe("control routes of resource handlers", () => {
  it("reaches /__sandbox/<area>/… without auth, and sees the seller when a token is sent", async () => {
    const created = await (await createWidget(TOKEN_A)).json();
    const anonymous = await fetch(`${sandbox.url}/__sandbox/widgets/${created.id}/close`, { method: "POST" });
    expect(await anonymous.json()).toEqual({ ok: true, seller_seen: null });
    const withToken = await fetch(`${sandbox.url}/__sandbox/widgets/${created.id}/close`, {
      method: "POST",
      headers: bearer(TOKEN_A),
    });
    expect(await withToken.json()).toEqual({ ok: true, seller_seen: 5550001 });
    const after = await (
      await sandbox.fetch(`${sandbox.url}/v1/widgets/${created.id}`, { headers: bearer(TOKEN_A) })
    ).json();
    expect(after.status).toBe("closed");
  });
});
