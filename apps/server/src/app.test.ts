// The assembled app, in-process (app.request) against a real test database:
// the three request-filter groups, error pages, security headers and tRPC.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CreateAppOptions, createApp } from "./app";
import { SESSION_COOKIE_NAME, SESSION_LIFETIME_MS, SESSION_RENEW_THRESHOLD_MS } from "./auth/sessions";
import { createDatabase } from "./db/database";
import type { AppDeps } from "./deps";
import { createTestDatabase, type TestDatabase } from "./test/test-database";
import { createTestDeps } from "./test/test-deps";
import { createTestSession, signInAs } from "./test/test-users";

const ORIGIN = "http://127.0.0.1:3000";
let testDb: TestDatabase;
let webDist: string;
let deps: AppDeps;

beforeAll(async () => {
  testDb = await createTestDatabase();
  webDist = await mkdtemp(join(tmpdir(), "cobro-app-web-"));
  await mkdir(join(webDist, "assets"));
  await writeFile(
    join(webDist, "index.html"),
    '<!doctype html><html lang="en"><head><title>Cobro</title></head><body><div id=root></div></body></html>',
  );
  await writeFile(join(webDist, "assets", "app.js"), "export {}");
  await writeFile(join(webDist, "assets", "app.js.map"), "{}");
  await writeFile(join(webDist, "favicon.svg"), "<svg/>");
  deps = createTestDeps({ db: testDb.db, publicUrl: ORIGIN });
});

afterAll(async () => {
  await testDb?.drop();
  await rm(webDist, { recursive: true, force: true });
});

function app(options: CreateAppOptions = {}) {
  return createApp(deps, { webDistDir: webDist, ...options });
}

function request(path: string, init: RequestInit = {}, options: CreateAppOptions = {}) {
  return app(options).request(`${ORIGIN}${path}`, init);
}

const JSON_HEADERS = { "content-type": "application/json" };

describe("/admin/*: admins only", () => {
  it("redirects anonymous visitors to the login page with the path and query as next", async () => {
    for (const path of ["/admin", "/admin/payments?status=approved&page=2"]) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  it("redirects a visitor whose session cookie is invalid, and clears the cookie", async () => {
    const response = await request("/admin", { headers: { cookie: `${SESSION_COOKIE_NAME}=${"a".repeat(32)}` } });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;.*Max-Age=0`));
  });

  it("shows a signed-in shopper the 403 page", async () => {
    const { cookie } = await signInAs({ db: testDb.db, role: "shopper" });
    const response = await request("/admin/payments", { headers: { cookie } });
    expect(response.status).toBe(403);
    const html = await response.text();
    // The web app draws the 403 page in the shop's layout; it never gets the admin code.
    expect(html).toContain("<div id=root>");
    expect(html).toContain('<meta name="cobro-error-status" content="403">');
    expect(html).toContain("<title>403: An unexpected error has occurred</title>");
  });

  it("lets an admin through to the web app", async () => {
    const { cookie } = await signInAs({ db: testDb.db, role: "admin" });
    const response = await request("/admin/payments", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<div id=root>");
  });

  it("guards admin files with extensions too", async () => {
    expect((await request("/admin/export.csv")).status).toBe(302);
  });
});

describe("/api/*: JSON only, same-site state changes, bounded bodies", () => {
  it.each(["application/x-www-form-urlencoded", "multipart/form-data; boundary=abc", "text/plain"])(
    "refuses %s on a tRPC mutation",
    async (contentType) => {
      const response = await request("/api/trpc/auth.signIn", {
        method: "POST",
        headers: { "content-type": contentType, origin: ORIGIN },
        body: "email=a%40b.c&password=x",
      });
      expect(response.status).toBe(415);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    },
  );

  it("refuses cross-site mutations", async () => {
    const body = JSON.stringify({ email: "a@b.c", password: "whatever1" });
    const foreign = await request("/api/trpc/auth.signIn", {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: "https://evil.example" },
      body,
    });
    expect(foreign.status).toBe(403);
    const crossSite = await request("/api/trpc/auth.signIn", {
      method: "POST",
      headers: { ...JSON_HEADERS, "sec-fetch-site": "cross-site" },
      body,
    });
    expect(crossSite.status).toBe(403);
  });

  it("exempts the webhook from the cross-site check (its signature decides)", async () => {
    const response = await request("/api/webhooks/mercadopago?data.id=1&type=payment", {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: "https://provider.example", "sec-fetch-site": "cross-site" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });

  it("answers 413 JSON for a body over the limit", async () => {
    const response = await request("/api/trpc/auth.signIn", {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: ORIGIN },
      body: JSON.stringify({ padding: "x".repeat(150 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });

  it("serves tRPC with a bounded batch size", async () => {
    const single = await request("/api/trpc/system.health");
    expect(single.status).toBe(200);
    expect(await single.json()).toMatchObject({ result: { data: { status: "ok", database: "ok" } } });
    const eleven = Array.from({ length: 11 }, () => "system.health").join(",");
    const batch = await request(`/api/trpc/${eleven}?batch=1&input=${encodeURIComponent("{}")}`);
    expect(batch.status).toBe(400);
  });

  it("rate-limits sign-in per client with 429 and Retry-After", async () => {
    const options = { rateLimits: { signIn: { name: "sign-in-test", limit: 2, windowMs: 60_000 } } };
    const attempt = () =>
      request(
        "/api/trpc/auth.signIn",
        {
          method: "POST",
          headers: { ...JSON_HEADERS, origin: ORIGIN },
          body: JSON.stringify({ email: "nobody@example.test", password: "wrong password" }),
        },
        options,
      );
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "TOO_MANY_REQUESTS" } });
    // Other procedures are not counted.
    expect((await request("/api/trpc/system.health", {}, options)).status).toBe(200);
  });

  it("answers unknown API paths and wrong methods with JSON errors", async () => {
    const missing = await request("/api/nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "This page could not be found" } });
    const wrongMethod = await request("/api/webhooks/mercadopago");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect(await wrongMethod.json()).toEqual({
      error: { code: "METHOD_NOT_SUPPORTED", message: "Method Not Allowed" },
    });
  });
});

describe("pages: session refresh and security headers; static files skipped", () => {
  async function nearlyExpiredSession() {
    const { user } = await signInAs({ db: testDb.db, role: "shopper" });
    // Created long enough ago that less than the renewal threshold remains.
    const createdAt = new Date(Date.now() - (SESSION_LIFETIME_MS - SESSION_RENEW_THRESHOLD_MS) - 60_000);
    return createTestSession({ db: testDb.db, userId: user.id, now: createdAt });
  }

  it("renews a session nearing expiry on a page view (sliding cookie)", async () => {
    const { cookie, token } = await nearlyExpiredSession();
    const response = await request("/checkout", { headers: { cookie } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`${SESSION_COOKIE_NAME}=${token}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("clears an unknown session cookie on a page view", async () => {
    const response = await request("/", { headers: { cookie: `${SESSION_COOKIE_NAME}=${"b".repeat(32)}` } });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it.each(["/assets/app.js", "/favicon.svg", "/favicon.ico", "/robots.txt"])(
    "skips the session work for %s",
    async (path) => {
      const { cookie } = await nearlyExpiredSession();
      const response = await request(path, { headers: { cookie } });
      expect(response.headers.get("set-cookie")).toBeNull();
    },
  );

  it("does not touch the cookie of a fresh session", async () => {
    const { cookie } = await signInAs({ db: testDb.db, role: "shopper" });
    expect((await request("/", { headers: { cookie } })).headers.get("set-cookie")).toBeNull();
  });

  it("sends the CSP with the provider origin, and HSTS only off localhost", async () => {
    const local = await request("/");
    const csp = local.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain(`connect-src 'self' ${new URL(deps.providerSettings.apiUrl).origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(local.headers.get("x-content-type-options")).toBe("nosniff");
    expect(local.headers.get("strict-transport-security")).toBeNull();
    const remote = await app().request("https://shop.example.com/");
    expect(remote.headers.get("strict-transport-security")).toContain("max-age=");
    const api = await request("/api/nope");
    expect(api.headers.get("content-security-policy")).toBe(csp);
  });
});

describe("error pages", () => {
  it.each([
    ["/missing.js", "GET", 404, "This page could not be found"],
    ["/", "DELETE", 405, "Method Not Allowed"],
  ] as const)("%s %s → %i %s (HTML)", async (path, method, status, title) => {
    const response = await request(path, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    // The web app's shell, told which error page to draw.
    expect(html).toContain("<div id=root>");
    expect(html).toContain(`<meta name="cobro-error-status" content="${status}">`);
    expect(html).toContain(`<title>${status}: ${title}</title>`);
  });

  it("falls back to a self-contained page when the web app is not built", async () => {
    const response = await request("/nope", {}, { webDistDir: join(webDist, "not-built") });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<h1>404</h1>");
    expect(html).toContain("This page could not be found");
  });

  it("answers 500 with the generic page and no internals when something breaks", async () => {
    const brokenDb = createDatabase("postgres://nobody:secret-password@127.0.0.1:9/none", { onPoolError: () => {} });
    const brokenApp = createApp({ ...deps, db: brokenDb }, { webDistDir: webDist });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await brokenApp.request(`${ORIGIN}/admin`, {
        headers: { cookie: `${SESSION_COOKIE_NAME}=${"c".repeat(32)}` },
      });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('<meta name="cobro-error-status" content="500">');
      expect(html).toContain("<title>500: Internal Server Error</title>");
      expect(html).not.toMatch(/ECONNREFUSED|secret-password|at .*\.ts/);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
      await brokenDb.destroy();
    }
  });
});
