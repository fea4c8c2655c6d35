import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postForm } from "../test-support/forms";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { authHeaders, DEFAULT_SELLER } from "../testing";
import { DEFAULT_OAUTH_APP } from "./oauth";

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });

const REDIRECT_URI = "https://platform.test/oauth/callback?source=mp";

function authorizationUrl(params: Record<string, string>): string {
  // The order the SDK's getAuthorizationURL produces: caller's keys, then response_type and platform_id.
  const query = new URLSearchParams({ ...params, response_type: "code", platform_id: "mp" });
  return `${sandbox.url}/authorization?${query}`;
}

function postConsent(fields: Record<string, string>): Promise<Response> {
  return postForm(`${sandbox.url}/authorization`, fields, sandbox.fetch);
}

/** Goes through the consent page and returns the code from the redirect. */
async function authorize(
  options: { siteId?: string; redirectUri?: string; clientId?: string; extra?: Record<string, string> } = {},
) {
  const res = await postConsent({
    client_id: options.clientId ?? DEFAULT_OAUTH_APP.client_id,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    state: "csrf-123",
    site_id: options.siteId ?? "MLA",
    decision: "authorize",
    ...options.extra,
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  return { location, code: location.searchParams.get("code") ?? "" };
}

async function token(body: Record<string, unknown>): Promise<Response> {
  return sandbox.fetch(`${sandbox.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

function exchange(code: string, overrides: Record<string, unknown> = {}): Promise<Response> {
  return token({
    grant_type: "authorization_code",
    client_id: DEFAULT_OAUTH_APP.client_id,
    client_secret: DEFAULT_OAUTH_APP.client_secret,
    code,
    redirect_uri: REDIRECT_URI,
    ...overrides,
  });
}

describe("GET /authorization", () => {
  it("renders the consent page with the app's name, the site choice and both buttons", async () => {
    const res = await sandbox.fetch(
      authorizationUrl({ client_id: DEFAULT_OAUTH_APP.client_id, redirect_uri: REDIRECT_URI, state: "s t" }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).toContain("Cobro Sandbox App wants to connect to your account");
    expect(page).toContain('<label for="site_id">');
    expect(page).toContain('value="authorize">Authorize</button>');
    expect(page).toContain('value="deny" class="secondary">Deny</button>');
    expect(page).toContain('name="state" value="s t"');
  });

  it("shows an error page (no redirect) for an unknown app", async () => {
    const res = await sandbox.fetch(authorizationUrl({ client_id: "999", redirect_uri: REDIRECT_URI, state: "x" }), {
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("No application has client_id 999");
  });
});

describe("consent decisions", () => {
  it("Authorize redirects with a TG- code and the state, keeping the redirect URI's query", async () => {
    const { location, code } = await authorize();
    expect(`${location.origin}${location.pathname}`).toBe("https://platform.test/oauth/callback");
    expect(location.searchParams.get("source")).toBe("mp");
    expect(location.searchParams.get("state")).toBe("csrf-123");
    expect(code).toMatch(/^TG-[0-9a-f]{24}-\d+$/);
  });

  it("Deny redirects with error=access_denied and the state", async () => {
    const res = await postConsent({
      client_id: DEFAULT_OAUTH_APP.client_id,
      redirect_uri: REDIRECT_URI,
      state: "csrf-9",
      decision: "deny",
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("csrf-9");
    expect(location.searchParams.get("code")).toBeNull();
  });
});

describe("POST /oauth/token", () => {
  it("exchanges a code for a new seller's credentials in the chosen site", async () => {
    const { code } = await authorize({ siteId: "MLB" });
    const res = await exchange(code);
    expect(res.status).toBe(200);
    const tokens = await res.json();
    expect(tokens).toMatchObject({
      token_type: "bearer",
      expires_in: 15552000,
      scope: "offline_access read write",
      live_mode: false,
    });
    expect(tokens.access_token).toMatch(new RegExp(`^APP_USR-.+-${tokens.user_id}$`));
    expect(tokens.refresh_token).toMatch(/^TG-/);
    expect(tokens.public_key).toMatch(/^APP_USR-/);
    const seller = sandbox.control.sellers().find((s) => s.userId === tokens.user_id);
    expect(seller?.siteId).toBe("MLB");
  });

  it("issues TEST- credentials with test_token", async () => {
    const { code } = await authorize();
    const tokens = await (await exchange(code, { test_token: true })).json();
    expect(tokens.access_token).toMatch(/^TEST-/);
  });

  it("accepts a form-encoded exchange", async () => {
    const { code } = await authorize();
    const res = await sandbox.fetch(`${sandbox.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: DEFAULT_OAUTH_APP.client_id,
        client_secret: DEFAULT_OAUTH_APP.client_secret,
        code,
        redirect_uri: REDIRECT_URI,
      }).toString(),
    });
    expect(res.status).toBe(200);
  });

  it("codes are single use", async () => {
    const { code } = await authorize();
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant", message: "authorization code already used" });
  });

  it("codes expire after 10 minutes of sandbox time", async () => {
    const { code } = await authorize();
    await sandbox.control.advanceClock({ minutes: 9 });
    const { code: second } = await authorize();
    await sandbox.control.advanceClock({ minutes: 2 });
    const expired = await exchange(code);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: "invalid_grant", message: "authorization code expired" });
    expect((await exchange(second)).status).toBe(200);
  });

  it("the redirect_uri must be the one the code was issued for", async () => {
    const { code } = await authorize();
    const res = await exchange(code, { redirect_uri: "https://platform.test/other" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_grant");
  });

  it("refuses wrong client credentials with a 401 invalid_client", async () => {
    const { code } = await authorize();
    const wrongSecret = await exchange(code, { client_secret: "nope" });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client", status: 401 });
    const unknownClient = await exchange(code, { client_id: "123456789" });
    expect(unknownClient.status).toBe(401);
    expect((await unknownClient.json()).error).toBe("invalid_client");
    // The failed attempts did not burn the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it("refuses a code issued to another app", async () => {
    const app = await (
      await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/apps`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Other platform" }),
      })
    ).json();
    const { code } = await authorize();
    const res = await exchange(code, { client_id: app.client_id, client_secret: app.client_secret });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_grant");
  });

  it("checks PKCE (S256)", async () => {
    const verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { code } = await authorize({ extra: { code_challenge: challenge, code_challenge_method: "S256" } });
    const missing = await exchange(code);
    expect(missing.status).toBe(400);
    expect((await exchange(code, { code_verifier: "wrong" })).status).toBe(400);
    expect((await exchange(code, { code_verifier: verifier })).status).toBe(200);
  });

  it("refresh rotates both tokens and retires the old refresh token", async () => {
    const { code } = await authorize();
    const first = await (await exchange(code)).json();
    const refresh = (refreshToken: string) =>
      token({
        grant_type: "refresh_token",
        client_id: DEFAULT_OAUTH_APP.client_id,
        client_secret: DEFAULT_OAUTH_APP.client_secret,
        refresh_token: refreshToken,
      });
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.user_id).toBe(first.user_id);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe("invalid_grant");

    const created = await sandbox.fetch(`${sandbox.url}/checkout/preferences/`, {
      method: "POST",
      headers: authHeaders(second.access_token),
      body: JSON.stringify({ items: [{ title: "x", quantity: 1, unit_price: 1 }] }),
    });
    expect(created.status).toBe(201);
    const preference = await created.json();
    expect(preference.collector_id).toBe(first.user_id);
    // What the platform's token creates belongs to the platform's application (FIDELITY.md, Corrections).
    expect(preference.client_id).toBe(DEFAULT_OAUTH_APP.client_id);
    const plan = await sandbox.fetch(`${sandbox.url}/preapproval_plan/`, {
      method: "POST",
      headers: authHeaders(second.access_token),
      body: JSON.stringify({
        reason: "Platform plan",
        back_url: "https://shop.example/back",
        auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 10, currency_id: "ARS" },
      }),
    });
    expect((await plan.json()).application_id).toBe(Number(DEFAULT_OAUTH_APP.client_id));
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });
});

describe("POST /__sandbox/oauth/revoke", () => {
  it("ends the seller's grant: the refresh token is refused and the access token stops working", async () => {
    const { code } = await authorize();
    const tokens = await (await exchange(code)).json();
    const me = () => sandbox.fetch(`${sandbox.url}/users/me`, { headers: authHeaders(tokens.access_token) });
    expect((await me()).status).toBe(200);
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user_id: tokens.user_id }),
    });
    expect(await res.json()).toEqual({ revoked: 1 });
    const refused = await token({
      grant_type: "refresh_token",
      client_id: DEFAULT_OAUTH_APP.client_id,
      client_secret: DEFAULT_OAUTH_APP.client_secret,
      refresh_token: tokens.refresh_token,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("invalid_grant");
    expect((await me()).status).toBe(401);
  });

  it("refuses a missing user_id with a 400", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(400);
  });
});

describe("the connected seller", () => {
  it("works on provider paths and sees only its own data", async () => {
    const { code } = await authorize();
    const tokens = await (await exchange(code)).json();
    const create = (accessToken: string, ref: string) =>
      sandbox.fetch(`${sandbox.url}/checkout/preferences/`, {
        method: "POST",
        headers: authHeaders(accessToken),
        body: JSON.stringify({ items: [{ title: ref, quantity: 1, unit_price: 5 }], external_reference: ref }),
      });
    const mine = await (await create(tokens.access_token, "connected")).json();
    const theirs = await (await create(DEFAULT_SELLER.accessToken, "default")).json();
    expect(mine.collector_id).toBe(tokens.user_id);

    const search = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search`, { headers: authHeaders(tokens.access_token) })
    ).json();
    expect(search.elements.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    const other = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${theirs.id}`, {
      headers: authHeaders(tokens.access_token),
    });
    expect(other.status).toBe(404);
    const back = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${mine.id}`, { headers: authHeaders() });
    expect(back.status).toBe(404);
  });
});

describe("/__sandbox/oauth/apps", () => {
  it("registers an app whose redirect URIs are enforced", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Marketplace X",
        client_secret: "marketplace-secret",
        redirect_uris: [REDIRECT_URI],
      }),
    });
    expect(res.status).toBe(201);
    const app = await res.json();
    expect(app).toMatchObject({
      name: "Marketplace X",
      client_secret: "marketplace-secret",
      redirect_uris: [REDIRECT_URI],
    });
    expect(app.client_id).toMatch(/^\d{16}$/);

    const page = await sandbox.fetch(
      authorizationUrl({ client_id: app.client_id, redirect_uri: REDIRECT_URI, state: "s" }),
    );
    expect(await page.text()).toContain("Marketplace X wants to connect to your account");
    const unregistered = await sandbox.fetch(
      authorizationUrl({ client_id: app.client_id, redirect_uri: "https://evil.test/cb", state: "s" }),
    );
    expect(unregistered.status).toBe(400);

    const { code } = await authorize({ clientId: app.client_id });
    const tokens = await exchange(code, { client_id: app.client_id, client_secret: "marketplace-secret" });
    expect(tokens.status).toBe(200);

    const list = await (await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/apps`)).json();
    expect(list.apps.map((a: { client_id: string }) => a.client_id)).toEqual([
      DEFAULT_OAUTH_APP.client_id,
      app.client_id,
    ]);
  });

  it("refuses a taken client_id", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/oauth/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: DEFAULT_OAUTH_APP.client_id }),
    });
    expect(res.status).toBe(409);
  });
});
