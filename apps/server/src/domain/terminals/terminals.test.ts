// Card terminals (Point) against a real sandbox over HTTP and a real PostgreSQL: the device list and its
// filters, switching a terminal's mode, an intent through each final state with the sandbox's control API
// (playing the terminal), cancel refused once the intent is on the terminal, the idempotency key stored before
// the call and one intent per key, and the `point_integration_wh` notification updating the row once.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { WEBHOOK_TOPIC_HANDLERS } from "../../jobs/webhook-topic-handlers";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import {
  cancelPointIntent,
  createPointIntent,
  getPointIntentStatus,
  listPointEvents,
  listPointIntents,
  pointIntentRows,
  refreshPointIntent,
  resendPointIntent,
} from "./point-intents";
import { listTerminalDevices, setTerminalMode } from "./terminal-devices";

const env = await startShopTestEnv({ applicationWebhooks: true });
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "operator" });

async function control(path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${env.sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Plays the terminal: moves the intent to `to` (FINISHED pays with the cardholder's outcome). */
async function advance(intentId: string, to: string, cardholder?: string): Promise<void> {
  const response = await control(`/__sandbox/point/intents/${intentId}/advance`, {
    to,
    ...(cardholder ? { cardholder } : {}),
  });
  if (!response.ok) throw new Error(`advance → ${response.status} ${await response.text()}`);
}

const { devices } = await listTerminalDevices({ deps, filters: { offset: 0, limit: 50 } });
const pdv = devices.filter((device) => device.operatingMode === "PDV").map((device) => device.id);
const standalone = devices.find((device) => device.operatingMode === "STANDALONE")?.id ?? "";
const terminal = pdv[0] ?? "";

function charge(input: Partial<Parameters<typeof createPointIntent>[0]["input"]> = {}) {
  return createPointIntent({
    deps,
    actorUserId: operator.id,
    input: {
      idempotencyKey: randomUUID(),
      deviceId: terminal,
      amountMinor: 1550,
      description: "Table 4",
      installments: 1,
      installmentsCost: "seller",
      printOnTerminal: true,
      ...input,
    },
  });
}

function rowOf(id: string) {
  return db.selectFrom("point_intents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("devices", () => {
  it("lists the account's terminals with their mode, filtered by store and point of sale, in pages", async () => {
    expect(devices).toHaveLength(3);
    expect(pdv).toHaveLength(2);
    expect(standalone).toMatch(/__/);
    const first = devices[0];
    const byStore = await listTerminalDevices({
      deps,
      filters: { storeId: first?.storeId ?? "", offset: 0, limit: 50 },
    });
    expect(byStore.devices.every((device) => device.storeId === first?.storeId)).toBe(true);
    expect(byStore.total).toBe(2);
    const byPos = await listTerminalDevices({ deps, filters: { posId: first?.posId ?? "", offset: 0, limit: 50 } });
    expect(byPos.devices.map((device) => device.id)).toEqual([first?.id]);
    const page = await listTerminalDevices({ deps, filters: { offset: 1, limit: 1 } });
    expect(page).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(page.devices.map((device) => device.id)).toEqual([devices[1]?.id]);
  });

  it("switches a terminal's mode at the provider (restart required) and audits it", async () => {
    const result = await setTerminalMode({
      deps,
      actorUserId: operator.id,
      deviceId: standalone,
      operatingMode: "PDV",
    });
    expect(result).toEqual({ deviceId: standalone, operatingMode: "PDV", restartRequired: true });
    const after = await provider.point.devices();
    expect(after.devices?.find((device) => device.id === standalone)?.operating_mode).toBe("PDV");
    await setTerminalMode({ deps, actorUserId: operator.id, deviceId: standalone, operatingMode: "STANDALONE" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("resource_id", "=", standalone)
      .orderBy("created_at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["terminal.mode_changed", "terminal.mode_changed"]);
  });

  it("an unknown terminal is a 404 in words", async () => {
    await expect(
      setTerminalMode({ deps, actorUserId: operator.id, deviceId: "PAX_A910__NOPE", operatingMode: "PDV" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", reason: "terminal_not_found" });
  });
});

describe("charging on a terminal", () => {
  it("an intent reaches FINISHED after the tap: the row, the payment mirror and the events follow", async () => {
    const ref = `pos-${randomUUID().slice(0, 8)}`;
    const created = await charge({ externalReference: ref, installments: 3, installmentsCost: "buyer" });
    expect(created).toMatchObject({ requestStatus: "succeeded", state: "OPEN", final: false, deviceId: terminal });
    expect(created.amount).toEqual({ amountMinor: 1550, currency: "ARS" });
    const atProvider = await provider.point.getIntent(created.intentId ?? "");
    expect(atProvider).toMatchObject({
      amount: 1550,
      description: "Table 4",
      state: "OPEN",
      payment: { installments: 3, installments_cost: "buyer" },
      additional_info: { external_reference: ref, print_on_terminal: true },
    });

    await advance(created.intentId ?? "", "ON_TERMINAL");
    expect((await refreshPointIntent({ deps, id: created.id })).state).toBe("ON_TERMINAL");
    await advance(created.intentId ?? "", "FINISHED");
    const done = await refreshPointIntent({ deps, id: created.id });
    expect(done).toMatchObject({ state: "FINISHED", final: true, paymentStatus: "approved" });
    const payment = await db
      .selectFrom("payments")
      .select(["status", "amount_minor", "provider_payment_id"])
      .where("provider_payment_id", "=", done.paymentId ?? 0)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "approved", amount_minor: 1550 });
    expect(await getPointIntentStatus({ deps, id: created.id })).toMatchObject({ status: "FINISHED" });
    const today = new Date().toISOString().slice(0, 10);
    const events = await listPointEvents({ deps, startDate: today, endDate: today });
    expect(events.events.find((event) => event.intentId === created.intentId)).toMatchObject({
      status: "FINISHED",
      localId: created.id,
      deviceId: terminal,
    });
  });

  it.each([
    ["CANCELED", null],
    ["ERROR", null],
    ["ABANDONED", null],
    ["FINISHED", "rejected"],
  ] as const)("an intent can end %s (payment %s)", async (state, paymentStatus) => {
    const created = await charge();
    await advance(created.intentId ?? "", state, paymentStatus === "rejected" ? "OTHE" : undefined);
    const done = await refreshPointIntent({ deps, id: created.id });
    expect(done).toMatchObject({ state, final: true, paymentStatus });
    expect((await rowOf(created.id)).state).toBe(state);
  });

  it("cancels a queued intent; once on the terminal the cancel is refused in words", async () => {
    const queued = await charge();
    const canceled = await cancelPointIntent({ deps, actorUserId: operator.id, id: queued.id });
    expect(canceled).toMatchObject({ state: "CANCELED", final: true });
    expect((await provider.point.getIntent(queued.intentId ?? "")).state).toBe("CANCELED");

    const onTerminal = await charge();
    await advance(onTerminal.intentId ?? "", "ON_TERMINAL");
    // The row still says OPEN (nobody re-read it): the provider's refusal decides.
    expect((await rowOf(onTerminal.id)).state).toBe("OPEN");
    await expect(cancelPointIntent({ deps, actorUserId: operator.id, id: onTerminal.id })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "terminal_intent_on_terminal",
    });
    expect((await rowOf(onTerminal.id)).state).toBe("ON_TERMINAL");
    expect((await provider.point.getIntent(onTerminal.intentId ?? "")).state).toBe("ON_TERMINAL");
    await advance(onTerminal.intentId ?? "", "CANCELED");
  });

  it("a busy terminal and a STANDALONE terminal refuse the charge in words (row failed, not unknown)", async () => {
    const first = await charge();
    const key = randomUUID();
    await expect(charge({ idempotencyKey: key })).rejects.toMatchObject({ code: "CONFLICT", reason: "terminal_busy" });
    const busy = await pointIntentRows(db)
      .where("provider_requests.idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(busy).toMatchObject({ request_status: "failed", provider_intent_id: null });
    await cancelPointIntent({ deps, actorUserId: operator.id, id: first.id });
    await expect(charge({ deviceId: standalone })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "terminal_not_pdv",
    });
  });

  it("stores the key before the held call, and the same dialog sent three times (twice at once) makes one intent", async () => {
    const key = randomUUID();
    env.sandbox.control.addFault({
      method: "POST",
      path: `/point/integration-api/devices/${terminal}/payment-intents`,
      action: { type: "latency", ms: 600 },
    });
    const pending = charge({ idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 250));
    const held = await pointIntentRows(db).where("provider_requests.idempotency_key", "=", key).execute();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ request_status: "pending", provider_intent_id: null, device_id: terminal });
    const a = await pending;
    const [b, c] = await Promise.all([charge({ idempotencyKey: key }), charge({ idempotencyKey: key })]);
    expect(new Set([a.intentId, b.intentId, c.intentId]).size).toBe(1);
    expect(a.id).toBe(c.id);
    const rows = await pointIntentRows(db).where("provider_requests.idempotency_key", "=", key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.request_status).toBe("succeeded");
    // The sandbox got that key: the same key replays the same intent instead of making a second one.
    const replay = await fetch(`${env.sandbox.url}/point/integration-api/devices/${terminal}/payment-intents`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${env.seller.accessToken}`,
        "x-idempotency-key": key,
      },
      body: JSON.stringify(rows[0]?.request),
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("x-idempotency-replayed")).toBe("true");
    expect(((await replay.json()) as { id: string }).id).toBe(a.intentId);
    // Other values with a used key are refused in words, never sent.
    await expect(charge({ idempotencyKey: key, amountMinor: 9999 })).rejects.toMatchObject({
      code: "CONFLICT",
      field: "idempotencyKey",
    });
    await cancelPointIntent({ deps, actorUserId: operator.id, id: a.id });
  });

  it("an answer not seen is unknown, never failed; repeating with the same key finds the one intent", async () => {
    const key = randomUUID();
    env.sandbox.control.addFault({
      method: "POST",
      path: `/point/integration-api/devices/${terminal}/payment-intents`,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await charge({ idempotencyKey: key });
    expect(lost).toMatchObject({ requestStatus: "unknown", intentId: null, final: false });
    // "Send again" from the charge's page: the stored body with the stored key; the provider replays its intent.
    const again = await resendPointIntent({ deps, actorUserId: operator.id, id: lost.id });
    expect(again).toMatchObject({ id: lost.id, requestStatus: "succeeded", state: "OPEN" });
    const same = await charge({ idempotencyKey: key });
    expect(same).toMatchObject({ id: lost.id, intentId: again.intentId });
    await cancelPointIntent({ deps, actorUserId: operator.id, id: again.id });
  });

  it("lists the intents sent from the console, newest first, per terminal", async () => {
    const list = await listPointIntents({ deps, deviceId: terminal, limit: 3, offset: 0 });
    expect(list.intents).toHaveLength(3);
    expect(list.total).toBeGreaterThan(5);
    expect(list.intents.every((intent) => intent.deviceId === terminal)).toBe(true);
    const times = list.intents.map((intent) => intent.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await listPointIntents({ deps, deviceId: standalone, limit: 3, offset: 0 })).total).toBe(1);
  });
});

describe("the point_integration_wh notification", () => {
  it("moves the row to FINISHED and mirrors the payment; processed twice = one effect", async () => {
    const app = createApp(deps);
    env.setWebhookHandler(async (request) => app.fetch(request));
    try {
      const created = await charge({ deviceId: pdv[1] ?? "" });
      await env.sandbox.control.idle();
      deps.enqueuedJobs.length = 0;
      await control(`/__sandbox/point/devices/${pdv[1]}/tap`, {});
      await env.sandbox.control.idle();
      expect((await rowOf(created.id)).state).toBe("OPEN");
      const jobs = deps.enqueuedJobs.filter((job) => job.name === "process-webhook-event");
      expect(jobs.length).toBeGreaterThan(0);
      const eventIds = jobs.map((job) => String(job.data.eventId));
      const events = await db
        .selectFrom("webhook_events")
        .select(["topic", "data_id"])
        .where("id", "in", eventIds)
        .execute();
      // One notification per state the intent entered (the payment's own `payment` notification comes too).
      const pointEvents = events.filter((event) => event.topic === "point_integration_wh");
      expect(pointEvents.length).toBeGreaterThanOrEqual(4);
      expect(new Set(pointEvents.map((event) => event.data_id))).toEqual(new Set([created.intentId]));
      for (const eventId of eventIds) expect(await processWebhookEvent({ deps, eventId })).toBe("processed");
      const first = await rowOf(created.id);
      expect(first.state).toBe("FINISHED");
      expect(first.provider_payment_id).not.toBeNull();
      const payment = await db
        .selectFrom("payments")
        .select("status")
        .where("provider_payment_id", "=", first.provider_payment_id ?? 0)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe("approved");
      for (const eventId of eventIds) expect(await processWebhookEvent({ deps, eventId })).toBe("already-processed");
      await WEBHOOK_TOPIC_HANDLERS.point_integration_wh?.({ deps, dataId: created.intentId });
      expect(await rowOf(created.id)).toEqual(first);
      const finishedAudits = await db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "terminal.intent_finished")
        .where("details", "@>", JSON.stringify({ pointIntentId: created.id }))
        .execute();
      expect(finishedAudits).toHaveLength(1);
    } finally {
      env.setWebhookHandler(null);
    }
  });

  it("a notification without an intent id is refused", async () => {
    await expect(
      WEBHOOK_TOPIC_HANDLERS.point_integration_wh?.({ deps, dataId: "42" }) ?? Promise.resolve(),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("charging a shop checkout on a terminal", () => {
  it("sends the checkout's total and external reference; the tapped payment settles the checkout", async () => {
    const { checkoutId } = await env.openCheckout({ priceMinor: 2_750, quantity: 2 });
    const checkout = await env.checkoutRow(checkoutId);
    const created = await charge({ checkoutId, amountMinor: undefined, description: undefined });
    expect(created).toMatchObject({
      amount: { amountMinor: 5_500, currency: "ARS" },
      externalReference: checkout.external_reference,
      checkoutId,
      checkoutStatus: "open",
    });
    expect(await provider.point.getIntent(created.intentId ?? "")).toMatchObject({
      amount: 5_500,
      additional_info: { external_reference: checkout.external_reference },
    });
    await advance(created.intentId ?? "", "FINISHED");
    const done = await refreshPointIntent({ deps, id: created.id });
    expect(done).toMatchObject({ state: "FINISHED", paymentStatus: "approved", checkoutStatus: "paid" });
    expect(await env.checkoutRow(checkoutId)).toMatchObject({ status: "paid", provider_payment_id: done.paymentId });
    // A paid order is not charged again.
    await expect(charge({ checkoutId, amountMinor: undefined })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_already_paid",
      field: "checkoutId",
    });
    await expect(charge({ checkoutId: randomUUID(), amountMinor: undefined })).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "checkoutId",
    });
  });

  it("refuses an order made for a connected seller: the store's terminals would take the seller's money", async () => {
    const seller = await insertConnectedSeller(deps);
    const { checkoutId } = await env.openCheckout({ priceMinor: 1_000, quantity: 1 });
    await db.updateTable("checkouts").set({ provider_account_id: seller.id }).where("id", "=", checkoutId).execute();
    const before = await db.selectFrom("point_intents").select("id").execute();
    await expect(charge({ checkoutId, amountMinor: undefined })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "account_actions_own_only",
      field: "checkoutId",
    });
    // Refused before anything was stored or sent.
    expect(await db.selectFrom("point_intents").select("id").execute()).toHaveLength(before.length);
  });
});
