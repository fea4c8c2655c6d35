// The assembled app, in-process (app.request) against a real test database:
// the three request-filter groups, error pages, security headers and tRPC.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signWebhook } from "@cobro/provider-client/webhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type CreateAppOptions, createApp } from "./app";
import { SESSION_COOKIE_NAME, SESSION_LIFETIME_MS, SESSION_RENEW_THRESHOLD_MS } from "./auth/sessions";
import { createDatabase } from "./db/database";
import type { AppDeps } from "./deps";
import { FREE_FAILURES, waitAfterFailureSeconds } from "./domain/users/sign-in-throttle";
import { SIGN_UPS_PER_IP, UNSIGNED_WEBHOOKS_PER_IP } from "./rate-limits/rules";
import { createCapturingLogger } from "./test/capture-logs";
import {
  createTestDatabase,
  MISCONFIGURED_DATABASE_ERROR,
  misconfiguredDatabaseUrl,
  type TestDatabase,
} from "./test/test-database";
import { createTestDeps } from "./test/test-deps";
import { createTestSession, createTestUser, signInAs, TEST_PASSWORD } from "./test/test-users";

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
    const single = await request("/api/trpc/auth.me");
    expect(single.status).toBe(200);
    expect(await single.json()).toMatchObject({ result: { data: { user: null } } });
    const eleven = Array.from({ length: 11 }, () => "auth.me").join(",");
    const batch = await request(`/api/trpc/${eleven}?batch=1&input=${encodeURIComponent("{}")}`);
    expect(batch.status).toBe(400);
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
    // The API answers the same policy; only the style nonce is fresh on every response.
    const withoutNonce = (policy: string | null) => (policy ?? "").replace(/'nonce-[^']+'/, "'nonce'");
    const api = await request("/api/nope");
    expect(api.headers.get("content-security-policy")).not.toContain(csp.match(/'nonce-[^']+'/)?.[0] ?? "no nonce");
    expect(withoutNonce(api.headers.get("content-security-policy"))).toBe(withoutNonce(csp));
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
    const brokenDb = createDatabase(misconfiguredDatabaseUrl("nobody", "secret-password"), { onPoolError: () => {} });
    const { logger, lines } = createCapturingLogger();
    const brokenApp = createApp({ ...deps, db: brokenDb, logger }, { webDistDir: webDist });
    try {
      const response = await brokenApp.request(`${ORIGIN}/admin`, {
        headers: { cookie: `${SESSION_COOKIE_NAME}=${"c".repeat(32)}` },
      });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('<meta name="cobro-error-status" content="500">');
      expect(html).toContain("<title>500: Internal Server Error</title>");
      expect(html).not.toMatch(/authentication|secret-password|at .*\.ts/);
      // The details went to the log, on a line that carries the request id the response names.
      const failure = lines.find((line) => line.msg === "request failed");
      expect(failure).toMatchObject({ level: 50, requestId: response.headers.get("x-request-id"), path: "/admin" });
      expect(JSON.stringify(failure)).toMatch(MISCONFIGURED_DATABASE_ERROR);
    } finally {
      await brokenDb.destroy();
    }
  });
});

/** Bindings as @hono/node-server passes them, so getConnInfo sees this socket address. */
function fromAddress(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: "IPv4" } } };
}

function requestFrom(ip: string, path: string, init: RequestInit = {}, appDeps: AppDeps = deps) {
  return createApp(appDeps, { webDistDir: webDist }).request(`${ORIGIN}${path}`, init, fromAddress(ip));
}

function signInFrom(ip: string, email: string, password: string) {
  return requestFrom(ip, "/api/trpc/auth.signIn", {
    method: "POST",
    headers: { ...JSON_HEADERS, origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
}

describe("request id and request logs", () => {
  it("gives every request an id, echoes it, and logs one line per request through a child logger", async () => {
    const { logger, lines } = createCapturingLogger();
    const response = await requestFrom("203.0.113.200", "/api/trpc/auth.me?foo=secret-query", {}, { ...deps, logger });
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.filter((line) => line.msg === "request");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      requestId,
      method: "GET",
      path: "/api/trpc/auth.me",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain("secret-query");
    // Two requests, two ids.
    const second = await requestFrom("203.0.113.200", "/api/health", {}, { ...deps, logger });
    expect(second.headers.get("x-request-id")).not.toBe(requestId);
  });

  it("keeps a caller's plain request id (a proxy's) and replaces one that could forge log lines", async () => {
    const kept = await request("/api/health", { headers: { "x-request-id": "lb-7f3a-1" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a-1");
    const replaced = await request("/api/health", { headers: { "x-request-id": 'x" ,"level":60' } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hands procedures the request's logger, so an internal error is logged with the request id", async () => {
    const { logger, lines } = createCapturingLogger();
    const brokenDb = createDatabase(misconfiguredDatabaseUrl("nobody", "pw-secret"), { onPoolError: () => {} });
    try {
      const response = await requestFrom(
        "203.0.113.201",
        "/api/trpc/auth.me",
        { headers: { cookie: `${SESSION_COOKIE_NAME}=${"d".repeat(32)}` } },
        { ...deps, db: brokenDb, logger },
      );
      expect(response.status).toBe(500);
      const failure = lines.find((line) => line.level === 50);
      expect(failure?.requestId).toBe(response.headers.get("x-request-id"));
      expect(JSON.stringify(lines)).not.toContain("pw-secret");
    } finally {
      await brokenDb.destroy();
    }
  });
});

describe("domain code logs through the request's logger", () => {
  it("logs a procedure's unexpected failure with the request id, and answers a generic 500", async () => {
    const { logger, lines } = createCapturingLogger();
    const brokenDb = createDatabase(misconfiguredDatabaseUrl("nobody", "pw-secret"), { onPoolError: () => {} });
    try {
      // No cookie: the context needs no database; the procedure's query fails.
      const input = encodeURIComponent(JSON.stringify({ limit: 5 }));
      const response = await requestFrom(
        "203.0.113.202",
        `/api/trpc/catalog.list?input=${input}`,
        {},
        {
          ...deps,
          db: brokenDb,
          logger,
        },
      );
      expect(response.status).toBe(500);
      const failure = lines.find((line) => line.msg === "tRPC procedure failed");
      expect(failure).toMatchObject({ requestId: response.headers.get("x-request-id"), procedure: "catalog.list" });
    } finally {
      await brokenDb.destroy();
    }
  });

  it("logs a webhook stored but not queued with the request id (the provider's x-request-id)", async () => {
    const { logger, lines } = createCapturingLogger();
    const failingJobs = {
      enqueue: async () => {
        throw new Error("queue down");
      },
    };
    const dataId = "555000111";
    const xRequestId = "provider-req-42";
    const { xSignature } = signWebhook({ secret: deps.providerSettings.webhookSecret, dataId, xRequestId });
    const response = await requestFrom(
      "192.0.2.60",
      `/api/webhooks/mercadopago?data.id=${dataId}&type=payment`,
      {
        method: "POST",
        headers: { ...JSON_HEADERS, "x-signature": xSignature, "x-request-id": xRequestId },
        body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: dataId } }),
      },
      { ...deps, jobs: failingJobs, logger },
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("x-request-id")).toBe(xRequestId);
    const failure = lines.find((line) => line.level === 50);
    expect(failure).toMatchObject({ requestId: xRequestId, webhookEventId: expect.anything() });
    expect(JSON.stringify(failure)).toContain("queue down");
  });
});

describe("/api answers are never cached", () => {
  it("sends Cache-Control: no-store on tRPC answers, errors, health and unknown paths; not on static files", async () => {
    const { cookie } = await signInAs({ db: testDb.db, role: "shopper" });
    const orders = await request(`/api/trpc/account.orders?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`, {
      headers: { cookie },
    });
    expect(orders.status).toBe(200);
    const answers = [
      orders,
      await request("/api/trpc/auth.me", { headers: { cookie } }),
      await request("/api/trpc/account.orders"),
      await request("/api/health"),
      await request("/api/nope"),
      await request("/api/webhooks/mercadopago"),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 200, 401, 200, 404, 405]);
    for (const response of answers) expect(response.headers.get("cache-control"), response.url).toBe("no-store");
    expect((await request("/assets/app.js")).headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("control characters in any input string: 400 naming the field", () => {
  const validCheckout = {
    items: [{ productId: "00000000-0000-4000-8000-000000000001", quantity: 1 }],
    payer: {
      email: "payer@example.test",
      firstName: "Ana",
      lastName: "Silva",
      identification: { type: "CPF", number: "12345678909" },
    },
  };

  async function post(path: string, input: unknown) {
    return request(`/api/trpc/${path}`, {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: ORIGIN },
      body: JSON.stringify(input),
    });
  }

  async function expectRefused(response: Response, field: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { message: string; data: { fieldErrors: Record<string, string[]> } };
    };
    expect(Object.keys(body.error.data.fieldErrors)).toEqual([field]);
    expect(body.error.data.fieldErrors[field]).toEqual(["Control characters are not allowed"]);
    expect(body.error.message).toContain(field);
  }

  it("refuses NUL in checkout.create payer.firstName and payer.identification.type", async () => {
    await expectRefused(
      await post("checkout.create", { ...validCheckout, payer: { ...validCheckout.payer, firstName: "An\u0000a" } }),
      "payer.firstName",
    );
    await expectRefused(
      await post("checkout.create", {
        ...validCheckout,
        payer: { ...validCheckout.payer, identification: { type: "CPF\u0000", number: "12345678909" } },
      }),
      "payer.identification.type",
    );
  });

  it("refuses NUL in auth.signUp name and in a query's input (checkout.result externalReference)", async () => {
    await expectRefused(
      await post("auth.signUp", { email: uniqueTestEmail(), password: "a long enough password", name: "Eve\u0000" }),
      "name",
    );
    const input = encodeURIComponent(JSON.stringify({ externalReference: "abc\u0000", paymentId: 1 }));
    await expectRefused(await request(`/api/trpc/checkout.result?input=${input}`), "externalReference");
  });

  it("refuses the other C0 controls and DEL, in arrays too, and names every field", async () => {
    for (const character of ["\u0001", "\t", "\n", "\u001f", "\u007f"]) {
      const response = await post("checkout.create", {
        ...validCheckout,
        payer: { ...validCheckout.payer, lastName: `Sil${character}va` },
      });
      expect(response.status, JSON.stringify(character)).toBe(400);
    }
    const response = await post("checkout.create", {
      items: [{ productId: "00000000-0000-4000-8000-00000000000\u0000", quantity: 1 }],
      payer: { ...validCheckout.payer, email: "a\u0000@example.test" },
    });
    const body = (await response.json()) as { error: { data: { fieldErrors: Record<string, string[]> } } };
    expect(Object.keys(body.error.data.fieldErrors).sort()).toEqual(["items.0.productId", "payer.email"]);
  });

  it("answers a deeply nested body with a 400, not a 500", async () => {
    const depth = 40_000;
    const body = `{"items":${"[".repeat(depth)}"x\u0000"${"]".repeat(depth)},"payer":{}}`;
    const response = await request("/api/trpc/checkout.create", {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: ORIGIN },
      body,
    });
    expect(response.status).toBe(400);
  });
});

let emailCounter = 0;
function uniqueTestEmail(): string {
  emailCounter += 1;
  return `app-test-${Date.now()}-${emailCounter}@example.test`;
}

describe("sign-in throttling: per account and address, with a growing wait", () => {
  it("does not let an attacker's 20 failures from one address stop the owner signing in from another", async () => {
    const owner = await createTestUser({ db: testDb.db });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      statuses.push((await signInFrom("198.51.100.66", owner.email, `guess-${attempt}`)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FREE_FAILURES);
    // The attacker's address is still refused, even with the right password …
    expect((await signInFrom("198.51.100.66", owner.email, TEST_PASSWORD)).status).toBe(429);
    // … but the owner, elsewhere, signs in.
    const mine = await signInFrom("203.0.113.77", owner.email, TEST_PASSWORD);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("set-cookie")).toContain(`${SESSION_COOKIE_NAME}=`);
  });

  it("slows the same address and account with a Retry-After that grows per consecutive failure", async () => {
    const user = await createTestUser({ db: testDb.db });
    const ip = "198.51.100.88";
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      for (let attempt = 1; attempt < FREE_FAILURES; attempt++) {
        expect((await signInFrom(ip, user.email, "wrong")).status, `attempt ${attempt}`).toBe(401);
      }
      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        expect((await signInFrom(ip, user.email, "wrong")).status).toBe(401);
        const refused = await signInFrom(ip, user.email, "wrong");
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get("retry-after"));
        waits.push(retryAfter);
        vi.setSystemTime(Date.now() + retryAfter * 1000 + 1000);
      }
      expect(waits).toEqual([
        waitAfterFailureSeconds(FREE_FAILURES),
        waitAfterFailureSeconds(FREE_FAILURES + 1),
        waitAfterFailureSeconds(FREE_FAILURES + 2),
      ]);
      expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
      expect(waits[2]).toBeGreaterThan(waits[1] ?? 0);
      // Once the wait is over, the right password works and clears the slate.
      expect((await signInFrom(ip, user.email, TEST_PASSWORD)).status).toBe(200);
      expect((await signInFrom(ip, user.email, "wrong")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers an unknown account and a wrong password identically", async () => {
    const user = await createTestUser({ db: testDb.db });
    const wrongPassword = await signInFrom("198.51.100.99", user.email, "not-the-password");
    const unknownUser = await signInFrom("198.51.100.99", uniqueTestEmail(), "not-the-password");
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(wrongPassword.status).toBe(401);
    expect(await unknownUser.json()).toEqual(await wrongPassword.json());
  });
});

describe("sign-up is limited per address", () => {
  it("refuses the address past SIGN_UPS_PER_IP with 429 and Retry-After, and not another address", async () => {
    // Invalid input (a short password) still counts: the limit runs before the input is read, and skips scrypt here.
    const signUpFrom = (ip: string) =>
      requestFrom(ip, "/api/trpc/auth.signUp", {
        method: "POST",
        headers: { ...JSON_HEADERS, origin: ORIGIN },
        body: JSON.stringify({ email: uniqueTestEmail(), password: "short", name: "Spam" }),
      });
    for (let attempt = 0; attempt < SIGN_UPS_PER_IP.points; attempt++) {
      expect((await signUpFrom("198.51.100.150")).status).toBe(400);
    }
    const refused = await signUpFrom("198.51.100.150");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signUpFrom("198.51.100.151")).status).toBe(400);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=1)", () => {
  it("keys limits on the address the proxy vouches for; spoofed entries further left change nothing", async () => {
    const proxied: AppDeps = { ...deps, env: { ...deps.env, TRUST_PROXY: { kind: "hops", hops: 1 } } };
    const owner = await createTestUser({ db: testDb.db });
    const through = (forwardedFor: string, password: string) =>
      requestFrom(
        "10.0.0.5",
        "/api/trpc/auth.signIn",
        {
          method: "POST",
          headers: { ...JSON_HEADERS, origin: ORIGIN, "x-forwarded-for": forwardedFor },
          body: JSON.stringify({ email: owner.email, password }),
        },
        proxied,
      );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      // The attacker writes a new fake address each time; the proxy appends the real one.
      statuses.push((await through(`192.0.2.${attempt}, 198.51.100.10`, "guess")).status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), ...Array(8 - FREE_FAILURES).fill(429)]);
    // The owner reaches the same proxy (same socket address) from their own address.
    expect((await through("198.51.100.11", TEST_PASSWORD)).status).toBe(200);
  });
});

describe("webhook limits: only unsigned deliveries count", () => {
  it("still accepts a correctly signed delivery after a junk flood from the same address", async () => {
    const ip = "192.0.2.50";
    const junk = () =>
      requestFrom(ip, "/api/webhooks/mercadopago?data.id=1&type=payment", {
        method: "POST",
        headers: { ...JSON_HEADERS, "x-signature": "ts=1,v1=00", "x-request-id": "junk" },
        body: "{}",
      });
    const statuses: number[] = [];
    for (let i = 0; i < UNSIGNED_WEBHOOKS_PER_IP.points + 5; i++) statuses.push((await junk()).status);
    expect(statuses.slice(0, UNSIGNED_WEBHOOKS_PER_IP.points).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(UNSIGNED_WEBHOOKS_PER_IP.points).every((status) => status === 429)).toBe(true);

    const dataId = "987654321";
    const xRequestId = "e2e3c1b0-signed-delivery";
    const { xSignature } = signWebhook({ secret: deps.providerSettings.webhookSecret, dataId, xRequestId });
    const signed = await requestFrom(ip, `/api/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      method: "POST",
      headers: { ...JSON_HEADERS, "x-signature": xSignature, "x-request-id": xRequestId },
      body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: dataId } }),
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ received: true });
  });
});
