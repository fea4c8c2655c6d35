// The assembled app while its database is away (a restart, a failover): every door that needs the database answers
// 503 with Retry-After and says so (JSON under /api, the error page elsewhere), never a 500; the logs name the
// failure without the connection's parameters. The database here is a port nothing listens on.
import { signWebhook } from "@cobro/provider-client/webhooks";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { SESSION_COOKIE_NAME } from "../auth/sessions";
import { createDatabase } from "../db/database";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/database-errors";
import { findFreePort } from "../db/embedded-postgres";
import { createCapturingLogger } from "../test/capture-logs";
import { createTestDeps } from "../test/test-deps";

const ORIGIN = "http://127.0.0.1:3000";
const PASSWORD = "a-database-password-never-logged";
const db = createDatabase(`postgres://cobro_user:${PASSWORD}@127.0.0.1:${await findFreePort()}/cobro`, {
  connectionTimeoutMs: 1000,
});
afterAll(() => db.destroy());
const { logger, lines } = createCapturingLogger();
const deps = { ...createTestDeps({ db, publicUrl: ORIGIN }), logger };
const app = createApp(deps);
const SESSION = `${SESSION_COOKIE_NAME}=abcdefghijklmnopqrstuvwxyz234567`;

interface TrpcErrorBody {
  error: { message: string; data: { httpStatus: number; appCode: string; retryAfterSeconds: number | null } };
}

function expectRetryAfter(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

describe("the app while its database is away", () => {
  it("a tRPC query: 503, Retry-After, SERVICE_UNAVAILABLE saying the database is unavailable", async () => {
    const response = await app.request(`${ORIGIN}/api/trpc/catalog.list?input=${encodeURIComponent('{"limit":1}')}`);
    expectRetryAfter(response);
    const { error } = (await response.json()) as TrpcErrorBody;
    expect(error.data).toMatchObject({
      httpStatus: 503,
      appCode: "SERVICE_UNAVAILABLE",
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
    expect(error.message).toMatch(/database is unavailable/);
  });

  it("a signed-in request, whose session lookup is the first query: 503 too", async () => {
    const response = await app.request(`${ORIGIN}/api/trpc/auth.me`, { headers: { cookie: SESSION } });
    expectRetryAfter(response);
    expect(((await response.json()) as TrpcErrorBody).error.data.appCode).toBe("SERVICE_UNAVAILABLE");
  });

  it("a batch: the calls that need the database 503, the others answered", async () => {
    const response = await app.request(
      `${ORIGIN}/api/trpc/catalog.list,auth.me?batch=1&input=${encodeURIComponent('{"0":{"limit":1}}')}`,
    );
    expect(response.status).toBe(207);
    expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    const [list, me] = (await response.json()) as [TrpcErrorBody, { result: { data: unknown } }];
    expect(list.error.data.httpStatus).toBe(503);
    expect(me.result.data).toEqual({ user: null });
  });

  it("a signed notification: 503 (the provider delivers it again later)", async () => {
    const dataId = "123456";
    const xRequestId = "database-away-delivery";
    const { xSignature } = signWebhook({ secret: deps.providerSettings.webhookSecret, dataId, xRequestId });
    const response = await app.request(`${ORIGIN}/api/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": xSignature, "x-request-id": xRequestId },
      body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: dataId } }),
    });
    expectRetryAfter(response);
    expect(await response.json()).toEqual({
      error: { code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/database is unavailable/) },
    });
  });

  it("a page for a signed-in visitor and the admin area: the 503 page", async () => {
    for (const path of ["/", "/admin"]) {
      const response = await app.request(`${ORIGIN}${path}`, { headers: { cookie: SESSION } });
      expectRetryAfter(response);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
    }
  });

  it("health: 503, the database unreachable", async () => {
    const response = await app.request(`${ORIGIN}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "down", database: { reachable: false } });
  });

  it("logged no error-level lines and never the connection's parameters", () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    const text = JSON.stringify(lines);
    for (const secret of [PASSWORD, "cobro_user", "connectionParameters", '"port"', '"address"']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
