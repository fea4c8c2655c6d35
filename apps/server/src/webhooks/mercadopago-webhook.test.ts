// Webhooks end to end: a real sandbox over HTTP plays Mercado Pago, a real
// test database holds the events and the mirror, and the pg-boss queue runs
// the processing for real. Waiting is done by polling the database, never by
// sleeping a fixed time.
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createProviderClient, type Payment, type ProviderClient } from "@cobro/provider-client";
import { signWebhook } from "@cobro/provider-client/webhooks";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { createSandbox, type Sandbox } from "mercadopago-sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createDatabase } from "../db/database";
import { toJsonb, type WebhookEvent } from "../db/schema";
import type { AppDeps } from "../deps";
import { type StartedJobQueue, startJobQueue } from "../jobs/queue";
import { JOB_DEFINITIONS, PROCESS_WEBHOOK_EVENT_JOB } from "../jobs/workers";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";
import { INVALID_SIGNATURE_COUNTER } from "./mercadopago-webhook";
import { webhookDedupeKey } from "./record-webhook-event";

const SECRET = `whsec-${randomUUID()}`;
const WEBHOOK_PATH = "/api/webhooks/mercadopago";

let testDb: TestDatabase;
let sandbox: Sandbox;
let provider: ProviderClient;
let jobQueue: StartedJobQueue;
let server: Server;
let serverUrl: string;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  sandbox = await createSandbox({ webhookSecret: SECRET, webhookRetryDelaysMs: [100, 200, 400], tickIntervalMs: 0 });
  provider = createProviderClient({
    accessToken: sandbox.control.defaultSeller.accessToken,
    baseUrl: sandbox.url,
    // Faults must reach the job (which retries), not be absorbed by the client's own retries.
    maxRetries: 0,
    timeoutMs: 5_000,
  });
  // The app is served over HTTP so the sandbox can deliver notifications to it.
  let appForServer: ReturnType<typeof createApp> | null = null;
  server = serve({
    fetch: (request, env) => (appForServer ? appForServer.fetch(request, env) : new Response(null, { status: 503 })),
    port: 0,
    hostname: "127.0.0.1",
    overrideGlobalObjects: false,
  }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  jobQueue = await startJobQueue({
    connectionString: testDb.connectionString,
    pollingIntervalSeconds: 0.5,
    // Test-sized retries: one second apart, no backoff.
    definitions: JOB_DEFINITIONS.map((definition) =>
      definition.name === PROCESS_WEBHOOK_EVENT_JOB
        ? { ...definition, retryLimit: 5, retryDelaySeconds: 1, retryBackoff: false }
        : definition,
    ),
  });
  deps = {
    ...createTestDeps({ db: testDb.db, publicUrl: serverUrl }),
    provider,
    providerSettings: {
      mode: "sandbox",
      apiUrl: sandbox.url,
      publicKey: sandbox.control.defaultSeller.publicKey,
      webhookSecret: SECRET,
    },
    jobs: jobQueue.queue,
  };
  await jobQueue.startWorkers(deps);
  app = createApp(deps);
  appForServer = app;
});

afterAll(async () => {
  await jobQueue?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await sandbox?.close();
  await testDb?.drop();
});

async function payWithCard(
  options: { name?: string; amount?: number; externalReference?: string; notify?: boolean } = {},
): Promise<Payment> {
  const token = await provider.cardTokens.create({
    card_number: "4509953566233704",
    expiration_month: 11,
    expiration_year: 2030,
    security_code: "123",
    cardholder: { name: options.name ?? "APRO" },
  });
  return provider.payments.create({
    transaction_amount: options.amount ?? 100,
    token: token.id,
    installments: 1,
    payment_method_id: "visa",
    payer: { email: "buyer@testuser.com" },
    ...(options.externalReference ? { external_reference: options.externalReference } : {}),
    ...(options.notify ? { notification_url: `${serverUrl}${WEBHOOK_PATH}` } : {}),
  });
}

interface DeliveryOptions {
  dataId: string | number;
  type?: string;
  requestId?: string;
  body?: unknown;
  secret?: string;
  ts?: number;
  /** Rewrites the signed header/query, for tampering. */
  tamper?: (parts: { xSignature: string; requestId: string; dataId: string }) => Partial<{
    xSignature: string | null;
    requestId: string;
    dataId: string;
  }>;
}

/** A notification signed like the provider signs it (docs/provider-facts.md §9.3). */
function buildDelivery(options: DeliveryOptions): { path: string; init: RequestInit; requestId: string } {
  const dataId = String(options.dataId);
  const requestId = options.requestId ?? randomUUID();
  const type = options.type ?? "payment";
  const { xSignature } = signWebhook({
    secret: options.secret ?? SECRET,
    dataId,
    xRequestId: requestId,
    ...(options.ts !== undefined ? { ts: options.ts } : {}),
  });
  const parts = { xSignature, requestId, dataId, ...options.tamper?.({ xSignature, requestId, dataId }) };
  const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": parts.requestId };
  if (parts.xSignature !== null) headers["x-signature"] = parts.xSignature;
  const body = options.body ?? {
    action: "payment.updated",
    api_version: "v1",
    data: { id: dataId },
    date_created: new Date().toISOString(),
    id: Math.floor(Math.random() * 1e9),
    live_mode: false,
    type,
    user_id: sandbox.control.defaultSeller.userId,
  };
  return {
    path: `${WEBHOOK_PATH}?data.id=${encodeURIComponent(parts.dataId)}&type=${type}`,
    init: { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) },
    requestId,
  };
}

async function deliver(options: DeliveryOptions): Promise<{ response: Response; requestId: string }> {
  const { path, init, requestId } = buildDelivery(options);
  return { response: await app.request(`${serverUrl}${path}`, init), requestId };
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function eventsFor(dataId: string | number, requestId?: string): Promise<WebhookEvent[]> {
  let query = testDb.db.selectFrom("webhook_events").selectAll().where("data_id", "=", String(dataId));
  if (requestId) query = query.where("request_id", "=", requestId);
  return query.execute();
}

/** Resolves once the event for this delivery leaves processing for good (processed, or failed without a retry pending). */
function waitForEvent(
  dataId: string | number,
  requestId: string,
  status: "processed" | "failed" | "ignored" = "processed",
) {
  return waitFor(async () => {
    const [event] = await eventsFor(dataId, requestId);
    return event?.status === status ? event : undefined;
  }, `event ${dataId}/${requestId} to be ${status}`);
}

function mirrorOf(paymentId: number) {
  return testDb.db.selectFrom("payments").selectAll().where("provider_payment_id", "=", paymentId).execute();
}

async function counterValue(): Promise<number> {
  const row = await testDb.db
    .selectFrom("counters")
    .select("value")
    .where("name", "=", INVALID_SIGNATURE_COUNTER)
    .executeTakeFirst();
  return row?.value ?? 0;
}

async function createCheckout(amountMinor: number) {
  return testDb.db
    .insertInto("checkouts")
    .values({
      items: toJsonb([{ productId: "demo", name: "Mug", unitPriceMinor: amountMinor, quantity: 1 }]),
      amount_minor: amountMinor,
      currency: "ARS",
      status: "pending",
      idempotency_key: randomUUID(),
      external_reference: `checkout-${randomUUID()}`,
    })
    .returning(["id", "external_reference"])
    .executeTakeFirstOrThrow();
}

describe("a valid notification", () => {
  it("delivered by the sandbox over HTTP is stored, answered 200, processed, and mirrored onto its checkout", async () => {
    const checkout = await createCheckout(12_550);
    const payment = await payWithCard({ amount: 125.5, externalReference: checkout.external_reference, notify: true });
    expect(payment.status).toBe("approved");

    await sandbox.control.idle();
    const deliveries = sandbox.control.deliveries().filter((d) => d.dataId === String(payment.id));
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) expect(delivery.attempts.at(-1)?.status).toBe(200);

    const [delivery] = deliveries;
    const event = await waitForEvent(payment.id, delivery?.requestId ?? "");
    expect(event).toMatchObject({ topic: "payment", attempts: 1, signature_valid: true });

    const [mirror] = await mirrorOf(payment.id);
    expect(mirror).toMatchObject({
      status: "approved",
      status_detail: "accredited",
      amount_minor: 12_550,
      refunded_minor: 0,
      currency: "ARS",
      checkout_id: checkout.id,
      payment_method_id: "visa",
    });
    const updatedCheckout = await testDb.db
      .selectFrom("checkouts")
      .select(["status", "provider_payment_id"])
      .where("id", "=", checkout.id)
      .executeTakeFirstOrThrow();
    expect(updatedCheckout).toEqual({ status: "paid", provider_payment_id: payment.id });
  });

  it("answers 400 for a signed body that is not JSON, and stores nothing", async () => {
    const { response, requestId } = await deliver({ dataId: 424242, body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
    expect(await eventsFor(424242, requestId)).toHaveLength(0);
  });
});

describe("a bad signature", () => {
  const tampers: [string, DeliveryOptions["tamper"] | undefined, Partial<DeliveryOptions>][] = [
    [
      "ts changed",
      ({ xSignature }) => ({ xSignature: xSignature.replace(/ts=(\d+)/, (_, ts) => `ts=${Number(ts) + 1}`) }),
      {},
    ],
    ["v1 changed", ({ xSignature }) => ({ xSignature: xSignature.replace(/.$/, (c) => (c === "0" ? "1" : "0")) }), {}],
    ["x-request-id changed", () => ({ requestId: randomUUID() }), {}],
    ["data.id changed", ({ dataId }) => ({ dataId: `${dataId}1` }), {}],
    ["another secret", undefined, { secret: "not-the-secret" }],
    ["signature missing", () => ({ xSignature: null }), {}],
    ["signed an hour ago", undefined, { ts: Math.floor(Date.now() / 1000) - 3600 }],
  ];

  it.each(tampers)("%s → 401, counted, nothing stored", async (_label, tamper, extra) => {
    const payment = await payWithCard();
    const before = await counterValue();
    const { response } = await deliver({ dataId: payment.id, ...(tamper ? { tamper } : {}), ...extra });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect(await counterValue()).toBe(before + 1);
    expect(await eventsFor(payment.id)).toHaveLength(0);
    expect(await mirrorOf(payment.id)).toHaveLength(0);
  });
});

describe("duplicate deliveries", () => {
  it("×10 in a row: one event row, processed once", async () => {
    const payment = await payWithCard();
    const requestId = randomUUID();
    for (let i = 0; i < 10; i++) {
      const { response } = await deliver({ dataId: payment.id, requestId });
      expect(response.status).toBe(200);
    }
    const event = await waitForEvent(payment.id, requestId);
    expect(event.attempts).toBe(1);
    // The inbox folds redeliveries: one row that counts every one of them.
    expect(event.deliveries).toBe(10);
    expect(await eventsFor(payment.id)).toHaveLength(1);
    expect(await mirrorOf(payment.id)).toHaveLength(1);
    const dedupeKey = webhookDedupeKey({ topic: "payment", dataId: String(payment.id), requestId });
    expect(event.dedupe_key).toBe(dedupeKey);
  });

  it("×20 at once: one event row, processed once", async () => {
    const payment = await payWithCard();
    const requestId = randomUUID();
    const delivery = buildDelivery({ dataId: payment.id, requestId });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => app.request(`${serverUrl}${delivery.path}`, { ...delivery.init })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const event = await waitForEvent(payment.id, requestId);
    expect(event.attempts).toBe(1);
    // Let every job that was queued finish, then check again that nothing ran twice.
    await waitFor(async () => {
      const { count } = await sql<{ count: number }>`
        select count(*)::int as count from pgboss.job
        where name = ${PROCESS_WEBHOOK_EVENT_JOB} and data->>'eventId' = ${event.id} and state < 'completed'
      `
        .execute(testDb.db)
        .then((result) => result.rows[0] ?? { count: 0 });
      return count === 0 ? true : undefined;
    }, "the queue to drain");
    const [again] = await eventsFor(payment.id, requestId);
    expect(again?.attempts).toBe(1);
    expect(again?.deliveries).toBe(20);
    expect(await eventsFor(payment.id)).toHaveLength(1);
    expect(await mirrorOf(payment.id)).toHaveLength(1);
  });
});

describe("the provider's state decides, not the body", () => {
  it("a forged body with a valid signature mirrors what the provider says, and later changes follow", async () => {
    const payment = await payWithCard({ name: "CONT", amount: 80 });
    expect(payment.status).toBe("in_process");
    const forged = {
      action: "payment.updated",
      type: "payment",
      data: { id: "1" },
      status: "approved",
      transaction_amount: 0.01,
    };
    const first = await deliver({ dataId: payment.id, body: forged });
    expect(first.response.status).toBe(200);
    await waitForEvent(payment.id, first.requestId);
    expect(await mirrorOf(payment.id)).toEqual([
      expect.objectContaining({ status: "in_process", status_detail: "pending_contingency", amount_minor: 8_000 }),
    ]);

    // The issuer approves it at the provider: the next notification moves the mirror forward.
    const settle = await fetch(`${sandbox.url}/__sandbox/payments/${payment.id}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    });
    expect(settle.status).toBe(200);
    const second = await deliver({ dataId: payment.id });
    await waitForEvent(payment.id, second.requestId);
    expect((await mirrorOf(payment.id))[0]).toMatchObject({ status: "approved" });

    // A full refund at the provider: refunded, with the refunded amount in minor units.
    await provider.refunds.create(payment.id);
    const third = await deliver({ dataId: payment.id });
    await waitForEvent(payment.id, third.requestId);
    expect((await mirrorOf(payment.id))[0]).toMatchObject({ status: "refunded", refunded_minor: 8_000 });
  });
});

describe("processing failures", () => {
  it("a provider fault is retried by the queue until the event is processed, and recorded", async () => {
    const payment = await payWithCard();
    sandbox.control.addFault({
      method: "GET",
      path: `/v1/payments/${payment.id}`,
      count: 2,
      action: { type: "status", status: 500 },
    });
    const { response, requestId } = await deliver({ dataId: payment.id });
    expect(response.status).toBe(200);
    const event = await waitForEvent(payment.id, requestId);
    expect(event.attempts).toBe(3);
    expect(event.last_error).toMatch(/ProviderServerError/);
    expect(event.last_error).not.toContain(SECRET);
    expect((await mirrorOf(payment.id))[0]).toMatchObject({ status: "approved" });
  });

  it("an id the provider does not know fails the event at once, without retries", async () => {
    const { requestId } = await deliver({ dataId: 987654321 });
    const event = await waitForEvent(987654321, requestId, "failed");
    expect(event.attempts).toBe(1);
    expect(event.last_error).toMatch(/ProviderNotFoundError/);
    // The event row is marked failed inside the job; pg-boss records the job's end a moment later.
    const jobStates = async () =>
      (
        await sql<{ state: string }>`
          select state from pgboss.job where name = ${PROCESS_WEBHOOK_EVENT_JOB} and data->>'eventId' = ${event.id}
        `.execute(testDb.db)
      ).rows.map((row) => row.state);
    let states = await jobStates();
    for (let i = 0; i < 100 && states.includes("active"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      states = await jobStates();
    }
    expect(states).toEqual(["completed"]);
  });

  it("an id that cannot be a payment's fails at once", async () => {
    const { requestId } = await deliver({ dataId: "not-a-number" });
    const event = await waitForEvent("not-a-number", requestId, "failed");
    expect(event.last_error).toMatch(/is not a payment id/);
  });
});

describe("other topics", () => {
  it("are stored and kept as ignored (replayable later) without touching payments", async () => {
    // provider: fraud alerts (`stop_delivery_op_wh`) are a topic this version does not act on.
    const { response, requestId } = await deliver({ dataId: "4455667788", type: "stop_delivery_op_wh" });
    expect(response.status).toBe(200);
    const event = await waitForEvent("4455667788", requestId, "ignored");
    expect(event).toMatchObject({ topic: "stop_delivery_op_wh", attempts: 1, last_error: null, processed_at: null });
    const attempts = await testDb.db
      .selectFrom("webhook_event_attempts")
      .select(["outcome", "error"])
      .where("webhook_event_id", "=", event.id)
      .execute();
    expect(attempts).toEqual([{ outcome: "ignored", error: null }]);
  });
});

describe("order notifications", () => {
  it("are handled: an order the virtual terminal did not create is re-read by nobody and the event is processed", async () => {
    const { response, requestId } = await deliver({ dataId: "ORD01JQ4S4KY8HWQ6NA5PXB65B3D3", type: "order" });
    expect(response.status).toBe(200);
    const event = await waitForEvent("ORD01JQ4S4KY8HWQ6NA5PXB65B3D3", requestId, "processed");
    expect(event).toMatchObject({ topic: "order", last_error: null });
  });
});

describe("GET /api/health", () => {
  it("reports the database, the provider and the mode, and no secret", async () => {
    const response = await app.request(`${serverUrl}/api/health`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: "ok",
      database: { reachable: true },
      provider: { reachable: true, mode: "sandbox" },
    });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(sandbox.control.defaultSeller.accessToken);
  });

  it("is degraded when the provider is unreachable, and 503 when the database is", async () => {
    const noProvider = createApp({
      ...deps,
      providerSettings: { ...deps.providerSettings, apiUrl: "http://127.0.0.1:9" },
    });
    const degraded = await noProvider.request(`${serverUrl}/api/health`);
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toMatchObject({ status: "degraded", provider: { reachable: false } });

    const brokenDb = createDatabase("postgres://nobody:x@127.0.0.1:9/none", { onPoolError: () => {} });
    try {
      const down = await createApp({ ...deps, db: brokenDb }).request(`${serverUrl}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: "down", database: { reachable: false } });
    } finally {
      await brokenDb.destroy();
    }
  });
});
