import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { bearer, startFixtureSandbox, TOKEN_A } from "../test-support/fixture-sandbox";
import { useSandbox } from "../test-support/use-sandbox";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import { createClock } from "./clock";
import { createStateStore } from "./state";
import { buildNotificationUrl, createWebhookDispatcher } from "./webhooks";

const SECRET = "test-webhook-secret";
const RECEIVER_PATH = "/hooks/mp?source_news=webhooks";
const receiver = await startWebhookReceiver(RECEIVER_PATH);
afterAll(() => receiver.close());
const sandbox = await useSandbox(
  () =>
    startFixtureSandbox({
      webhookSecret: SECRET,
      defaultNotificationUrl: receiver.url,
      webhookRetryDelaysMs: [50, 100],
    }),
  { resetBeforeEach: true },
);
beforeEach(() => {
  receiver.received.length = 0;
  receiver.replies.length = 0;
});

async function createWidget(extra: Record<string, unknown> = {}): Promise<{ id: number }> {
  const res = await sandbox.fetch(`${sandbox.url}/v1/widgets`, {
    method: "POST",
    headers: bearer(TOKEN_A),
    body: JSON.stringify({ transaction_amount: 5, payer: { email: "b@testuser.com" }, ...extra }),
  });
  return res.json();
}

/** Recomputes the provider's signature independently of the sandbox's signer. */
function expectedSignature(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return createHmac("sha256", SECRET).update(`id:${id};request-id:${requestId};ts:${ts};`).digest("hex");
}

describe("webhooks", () => {
  it("posts the provider's notification with query, body and a valid signature", async () => {
    const widget = await createWidget();
    await sandbox.control.idle();
    expect(receiver.received).toHaveLength(1);
    const hit = receiver.received[0];
    if (!hit) throw new Error("no notification received");

    const { url } = hit;
    expect(url.pathname).toBe("/hooks/mp");
    expect(url.searchParams.get("source_news")).toBe("webhooks");
    expect(url.searchParams.get("data.id")).toBe(String(widget.id));
    expect(url.searchParams.get("type")).toBe("payment");

    expect(hit.body).toMatchObject({
      action: "payment.created",
      api_version: "v1",
      data: { id: String(widget.id) },
      live_mode: false,
      type: "payment",
      user_id: 5550001,
    });
    expect(typeof hit.body.id).toBe("number");
    expect(Date.parse(String(hit.body.date_created))).not.toBeNaN();

    const requestId = String(hit.headers["x-request-id"]);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const signature = /^ts=(\d{10}),v1=([0-9a-f]{64})$/.exec(String(hit.headers["x-signature"]));
    expect(signature).not.toBeNull();
    const [, ts, v1] = signature ?? [];
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(expectedSignature(String(widget.id), requestId, String(ts)));
  });

  it("lower-cases an alphanumeric data.id in the signed manifest (Orders ids)", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/orders`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "wh-order" }),
      body: JSON.stringify({ total_amount: "1.00" }),
    });
    const order = await res.json();
    await sandbox.control.idle();
    const hit = receiver.received.find((r) => r.body.type === "order");
    if (!hit) throw new Error("no order notification");
    expect(hit.url.searchParams.get("data.id")).toBe(order.id);
    const [, ts, v1] = /^ts=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers["x-signature"])) ?? [];
    expect(v1).toBe(expectedSignature(order.id, String(hit.headers["x-request-id"]), String(ts)));
    expect(order.id).toMatch(/^ORD/);
  });

  it("prefers the resource's notification_url over the default", async () => {
    const other = await startWebhookReceiver(RECEIVER_PATH);
    try {
      await createWidget({ notification_url: other.url.replace(RECEIVER_PATH, "/own") });
      await sandbox.control.idle();
      expect(other.received).toHaveLength(1);
      expect(receiver.received).toHaveLength(0);
      expect(other.received[0]?.url.pathname).toBe("/own");
    } finally {
      await other.close();
    }
  });

  it("retries a non-2xx answer after the configured delays and records every attempt", async () => {
    receiver.replies.push(500, 503);
    const widget = await createWidget();
    await sandbox.control.idle();
    expect(receiver.received).toHaveLength(3);
    const [delivery] = sandbox.control.deliveries();
    expect(delivery).toMatchObject({ state: "delivered", dataId: String(widget.id), topic: "payment" });
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    // Every attempt of a delivery carries the same request id.
    expect(new Set(receiver.received.map((r) => r.headers["x-request-id"])).size).toBe(1);
  });

  it("gives up after the last delay and marks the delivery failed", async () => {
    receiver.replies.push(500, 500, 500);
    await createWidget();
    await sandbox.control.idle();
    const [delivery] = sandbox.control.deliveries();
    expect(delivery?.state).toBe("failed");
    expect(delivery?.attempts).toHaveLength(3);
  });

  it("records a network error as an attempt with no status", async () => {
    await createWidget({ notification_url: "http://127.0.0.1:9/unreachable" });
    await sandbox.control.idle();
    const [delivery] = sandbox.control.deliveries();
    expect(delivery?.state).toBe("failed");
    expect(delivery?.attempts.every((a) => a.status === null && typeof a.error === "string")).toBe(true);
  });

  it("lists deliveries through the control API, waiting for pending ones", async () => {
    receiver.replies.push(500);
    const widget = await createWidget();
    const res = await fetch(`${sandbox.url}/__sandbox/webhooks?wait=true&data_id=${widget.id}`);
    const { deliveries } = await res.json();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].state).toBe("delivered");
    expect(deliveries[0].attempts).toHaveLength(2);
  });
});

describe("webhook dispatcher (unit)", () => {
  const stores: ReturnType<typeof createStateStore>[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  it("builds the notification URL keeping the URL's own query", () => {
    expect(buildNotificationUrl("https://shop.example/wh?source_news=webhooks", "ORD1", "order")).toBe(
      "https://shop.example/wh?source_news=webhooks&data.id=ORD1&type=order",
    );
  });

  it("records a notice without any URL as failed, and delivers a due retry when the clock advances", async () => {
    const store = createStateStore({ defaultSiteId: "MLA" });
    stores.push(store);
    const clock = createClock({ tickIntervalMs: 0 });
    const calls: string[] = [];
    let answer = 500;
    const dispatcher = createWebhookDispatcher({
      config: {
        publicUrl: "",
        webhookSecret: "s",
        defaultNotificationUrl: null,
        corsOrigins: [],
        defaultSiteId: "MLA",
      },
      clock,
      store,
      retryDelaysMs: [60 * 60 * 1000],
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(null, { status: answer });
      },
    });
    dispatcher.notify({ sellerUserId: 1, topic: "payment", action: "payment.created", dataId: "1" });
    expect(dispatcher.deliveries()[0]?.state).toBe("failed");

    dispatcher.notify({
      sellerUserId: 1,
      topic: "payment",
      action: "payment.updated",
      dataId: "2",
      notificationUrl: "http://h/x",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    expect(dispatcher.deliveries()[1]?.nextAttemptAt).not.toBeNull();
    answer = 200;
    await clock.advance(60 * 60 * 1000);
    await dispatcher.idle();
    expect(calls).toHaveLength(2);
    expect(dispatcher.deliveries()[1]?.state).toBe("delivered");
    dispatcher.close();
  });
});
