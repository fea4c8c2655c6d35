// The console's webhook inbox against a real sandbox and PostgreSQL: replay
// re-runs processing once however often it is pressed, a notification of a
// topic Cobro did not act on (ignored) can be replayed once it does, the list
// filters (by account too) and pages by keyset, and redeliveries fold into one counted row.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { toJsonb, type WebhookEventStatus } from "../../db/schema";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestCaller, signInAs } from "../../test/test-users";
import { recordWebhookEvent } from "../../webhooks/record-webhook-event";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await signInAs({ db, role: "operator" });
const { caller } = await createTestCaller({ deps, cookie: operator.cookie });

async function approvedPaymentAtProvider(): Promise<number> {
  const payment = await provider.payments.create({
    transaction_amount: 1234,
    token: await env.cardToken("APRO"),
    payment_method_id: "visa",
    installments: 1,
    payer: { email: env.payer().email },
  });
  return payment.id;
}

async function storedEvent(options: {
  topic: string;
  dataId: string;
  status: WebhookEventStatus;
  attempts?: number;
  receivedAt?: Date;
}): Promise<string> {
  const row = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `${options.topic}:${options.dataId}:${randomUUID()}`,
      topic: options.topic,
      data_id: options.dataId,
      signature_valid: true,
      status: options.status,
      attempts: options.attempts ?? 1,
      last_error: options.status === "failed" ? "ProviderServerError: 500 Internal Server Error" : null,
      payload: toJsonb({ type: options.topic, data: { id: options.dataId } }),
      ...(options.receivedAt ? { received_at: options.receivedAt } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Runs every queued job of the in-memory queue, as the pg-boss worker would, and empties it. */
async function drainJobs(): Promise<string[]> {
  const jobs = deps.enqueuedJobs.splice(0);
  const outcomes: string[] = [];
  for (const job of jobs) outcomes.push(await processWebhookEvent({ deps, eventId: String(job.data.eventId) }));
  return outcomes;
}

function eventRow(id: string) {
  return db.selectFrom("webhook_events").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function attemptsOf(id: string) {
  return db
    .selectFrom("webhook_event_attempts")
    .select(["outcome", "error", "finished_at"])
    .where("webhook_event_id", "=", id)
    .orderBy("started_at")
    .execute();
}

function auditOf(id: string) {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("resource_type", "=", "webhook_event")
    .where("resource_id", "=", id)
    .execute();
}

describe("replay", () => {
  it("×10 of a failed payment notification: processed once, one attempt, one audit row, one mirror row", async () => {
    const paymentId = await approvedPaymentAtProvider();
    const eventId = await storedEvent({ topic: "payment", dataId: String(paymentId), status: "failed" });

    const results = [];
    for (let i = 0; i < 10; i++) results.push(await caller.admin.webhooks.replay({ eventId }));
    expect(results[0]).toEqual({ queued: true, status: "received" });
    const outcomes = await drainJobs();
    expect(outcomes.filter((outcome) => outcome === "processed")).toHaveLength(1);

    const event = await eventRow(eventId);
    expect(event).toMatchObject({ status: "processed", attempts: 2 });
    expect(await attemptsOf(eventId)).toEqual([{ outcome: "processed", error: null, finished_at: expect.any(Date) }]);
    const audit = await auditOf(eventId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: operator.user.id,
      action: "webhook_event.replayed",
      details: { previousStatus: "failed" },
    });
    const mirror = await db.selectFrom("payments").selectAll().where("provider_payment_id", "=", paymentId).execute();
    expect(mirror).toHaveLength(1);
    expect(mirror[0]).toMatchObject({ status: "approved", amount_minor: 123_400 });

    // Once processed, more replays change nothing at all.
    for (let i = 0; i < 10; i++) {
      expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: false, status: "processed" });
    }
    expect(deps.enqueuedJobs).toHaveLength(0);
    expect(await eventRow(eventId)).toEqual(event);
    expect(await auditOf(eventId)).toHaveLength(1);
    expect(await attemptsOf(eventId)).toHaveLength(1);
  });

  it("of an ignored notification runs it again once Cobro acts on its topic", async () => {
    // Stored while payments were not handled yet (kept as ignored, not processed).
    const paymentId = await approvedPaymentAtProvider();
    const eventId = await storedEvent({ topic: "payment", dataId: String(paymentId), status: "ignored" });
    // The job alone does not touch an ignored event (a redelivery does not re-run it) …
    expect(await processWebhookEvent({ deps, eventId })).toBe("already-processed");
    expect(await db.selectFrom("payments").select("id").where("provider_payment_id", "=", paymentId).execute()).toEqual(
      [],
    );

    // … a replay does.
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: true, status: "received" });
    expect(await drainJobs()).toEqual(["processed"]);
    expect(await eventRow(eventId)).toMatchObject({ status: "processed" });
    const mirror = await db
      .selectFrom("payments")
      .select("status")
      .where("provider_payment_id", "=", paymentId)
      .execute();
    expect(mirror).toEqual([{ status: "approved" }]);
  });

  it("of a topic still unhandled keeps it ignored and records the attempt", async () => {
    const eventId = await storedEvent({
      topic: "topic_claims_integration_wh",
      dataId: "5000000001",
      status: "received",
      attempts: 0,
    });
    expect(await processWebhookEvent({ deps, eventId })).toBe("ignored");
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: true, status: "received" });
    expect(await drainJobs()).toEqual(["ignored"]);
    expect(await eventRow(eventId)).toMatchObject({ status: "ignored", attempts: 2, processed_at: null });
    expect((await attemptsOf(eventId)).map((attempt) => attempt.outcome)).toEqual(["ignored", "ignored"]);
  });

  it("of an event stuck in processing (its process died mid-run) closes the abandoned attempt and runs it again", async () => {
    const paymentId = await approvedPaymentAtProvider();
    const eventId = await storedEvent({ topic: "payment", dataId: String(paymentId), status: "processing" });
    const startedAt = (minutesAgo: number) => new Date(deps.now().getTime() - minutesAgo * 60_000);
    const attempt = await db
      .insertInto("webhook_event_attempts")
      .values({ webhook_event_id: eventId, started_at: startedAt(3) })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Three minutes in, it may still be running (or its job about to retry): a replay changes nothing.
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: false, status: "processing" });
    expect(await auditOf(eventId)).toHaveLength(0);

    // Eleven minutes in, nothing runs it any more: the replay closes the attempt and queues the event.
    await db
      .updateTable("webhook_event_attempts")
      .set({ started_at: startedAt(11) })
      .where("id", "=", attempt.id)
      .execute();
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: true, status: "received" });
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: true, status: "received" });
    expect(await auditOf(eventId)).toMatchObject([
      { action: "webhook_event.replayed", details: { previousStatus: "processing" } },
    ]);
    expect(await drainJobs()).toEqual(["processed", "already-processed"]);
    const attempts = await attemptsOf(eventId);
    expect(attempts.map((row) => row.outcome)).toEqual(["failed", "processed"]);
    expect(attempts[0]?.error).toMatch(/abandoned/i);
    expect(await eventRow(eventId)).toMatchObject({ status: "processed" });
  });

  it("of an unknown event is NOT_FOUND; a viewer may not replay", async () => {
    await expect(caller.admin.webhooks.replay({ eventId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const viewer = await signInAs({ db, role: "viewer" });
    const { caller: viewerCaller } = await createTestCaller({ deps, cookie: viewer.cookie });
    const eventId = await storedEvent({ topic: "payment", dataId: "1", status: "failed" });
    await expect(viewerCaller.admin.webhooks.replay({ eventId })).rejects.toBeInstanceOf(TRPCError);
    expect(await eventRow(eventId)).toMatchObject({ status: "failed" });
  });
});

describe("inbox", () => {
  it("filters by topic, status and time received, and pages by keyset without repeats", async () => {
    const topic = `inbox-${randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await storedEvent({
          topic,
          dataId: `d${i}`,
          status: i % 2 === 0 ? "failed" : "processed",
          receivedAt: new Date(now - i * 60_000),
        }),
      );
    }
    const old = await storedEvent({
      topic,
      dataId: "old",
      status: "failed",
      receivedAt: new Date(now - 3 * 86_400_000),
    });

    const first = await caller.admin.webhooks.list({ topic, limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual([ids[0], ids[1]]);
    const second = await caller.admin.webhooks.list({ topic, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((item) => item.id)).toEqual([ids[2], ids[3]]);
    const third = await caller.admin.webhooks.list({ topic, limit: 2, cursor: second.nextCursor });
    expect(third.items.map((item) => item.id)).toEqual([ids[4], old]);
    expect(third.nextCursor).toBeNull();

    const failed = await caller.admin.webhooks.list({ topic, status: "failed" });
    expect(failed.items.map((item) => item.id)).toEqual([ids[0], ids[2], ids[4], old]);
    const recentFailed = await caller.admin.webhooks.list({
      topic,
      status: "failed",
      receivedFrom: new Date(now - 86_400_000).toISOString(),
    });
    expect(recentFailed.items.map((item) => item.id)).toEqual([ids[0], ids[2], ids[4]]);
    const olderFailed = await caller.admin.webhooks.list({
      topic,
      status: "failed",
      receivedTo: new Date(now - 86_400_000).toISOString(),
    });
    expect(olderFailed.items.map((item) => item.id)).toEqual([old]);
  });

  it("folds redeliveries into one row that counts them, and shows payload and attempts in the detail", async () => {
    const incoming = {
      topic: "payment",
      action: "payment.updated",
      dataId: "999",
      requestId: randomUUID(),
      payload: { type: "payment" },
    };
    const first = await recordWebhookEvent(db, incoming);
    const again = await recordWebhookEvent(db, incoming);
    const third = await recordWebhookEvent(db, incoming);
    expect(first.inserted).toBe(true);
    expect([again.inserted, third.inserted]).toEqual([false, false]);
    expect(again.id).toBe(first.id);

    const detail = await caller.admin.webhooks.get({ eventId: first.id });
    expect(detail).toMatchObject({
      deliveries: 3,
      topic: "payment",
      dataId: "999",
      payload: { type: "payment" },
      attemptLog: [],
    });
  });

  it("filters by the account a notification was sent for: a connected seller's, or the store's own", async () => {
    const topic = `accounts-${randomUUID().slice(0, 8)}`;
    const sellerUserId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    const seller = await db
      .insertInto("provider_accounts")
      .values({ provider_user_id: sellerUserId, live_mode: false, nickname: "inbox-seller" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = async (userId: number | null) => {
      const row = await db
        .insertInto("webhook_events")
        .values({
          dedupe_key: `${topic}:${randomUUID()}`,
          topic,
          data_id: "1",
          signature_valid: true,
          status: "processed",
          payload: toJsonb({ type: topic, data: { id: "1" }, ...(userId === null ? {} : { user_id: userId }) }),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const forSeller = await stored(sellerUserId);
    const forStore = await stored(1_000_001);
    const withoutUser = await stored(null);

    const sellers = await caller.admin.webhooks.list({ topic, account: seller.id });
    expect(sellers.items.map((item) => item.id)).toEqual([forSeller]);
    const own = await caller.admin.webhooks.list({ topic, account: "own" });
    expect(own.items.map((item) => item.id).sort()).toEqual([forStore, withoutUser].sort());
    const every = await caller.admin.webhooks.list({ topic });
    expect(every.items).toHaveLength(3);
    await expect(caller.admin.webhooks.list({ topic, account: "someone" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("account"),
    });
  });

  it("refuses bad filters naming the field", async () => {
    await expect(caller.admin.webhooks.list({ status: "lost" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("status"),
    });
    await expect(caller.admin.webhooks.get({ eventId: "nope" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("replay with the queue down", () => {
  it("records the replay, keeps the event received, and a later replay queues it", async () => {
    const eventId = await storedEvent({ topic: "payment", dataId: "42", status: "failed" });
    const enqueue = deps.jobs.enqueue;
    deps.jobs.enqueue = async () => {
      throw new Error("connection refused");
    };
    try {
      expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: false, status: "received" });
    } finally {
      deps.jobs.enqueue = enqueue;
    }
    expect(await eventRow(eventId)).toMatchObject({ status: "received" });
    expect(await auditOf(eventId)).toHaveLength(1);
    expect(await caller.admin.webhooks.replay({ eventId })).toEqual({ queued: true, status: "received" });
    expect(deps.enqueuedJobs.map((job) => job.data)).toEqual([{ eventId }]);
    expect(await auditOf(eventId)).toHaveLength(1);
    deps.enqueuedJobs.splice(0);
  });
});
