// Every notification topic the provider sends does its work or is kept `ignored` with a reason, against a real
// sandbox over HTTP and a real PostgreSQL: `mp-connect` ends a connected account once the provider refuses its
// token (and only then), a chargeback re-reads the chargeback and the payments it names, each knowingly ignored topic keeps its reason
// (table-driven), and an unknown topic is ignored as `unknown_topic` and can be replayed.
import { randomUUID } from "node:crypto";
import { WEBHOOK_IGNORED_REASONS } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonValue } from "../db/schema";
import { replayWebhookEvent } from "../domain/webhooks/replay-webhook-event";
import { insertConnectedSeller, revokeAtSandbox } from "../test/connected-sellers";
import { startShopTestEnv } from "../test/shop-test-env";
import { createTestUser } from "../test/test-users";
import { recordWebhookEvent } from "../webhooks/record-webhook-event";
import { processWebhookEvent } from "./process-webhook-event";
import { IGNORED_WEBHOOK_TOPICS, ignoredReasonOfTopic, WEBHOOK_TOPIC_HANDLERS } from "./webhook-topic-handlers";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, sandbox } = env;

/** docs/provider-facts.md §9.2 and §9.4: every topic the provider can send, Webhooks and IPN names. */
const PROVIDER_TOPICS = [
  "payment",
  "order",
  "merchant_order",
  "topic_merchant_order_wh",
  "subscription_preapproval",
  "subscription_preapproval_plan",
  "subscription_authorized_payment",
  "point_integration_wh",
  "point_integration_ipn",
  "mp-connect",
  "wallet_connect",
  "stop_delivery_op_wh",
  "delivery_cancellation",
  "topic_claims_integration_wh",
  "topic_card_id_wh",
  "topic_chargebacks_wh",
  "chargebacks",
];

/** Stores a notification as the webhook route does and processes it; returns the outcome and the stored row. */
async function deliver(
  topic: string,
  options: { dataId?: string | null; action?: string | null; payload?: JsonValue },
) {
  const dataId = options.dataId === undefined ? String(Math.floor(Math.random() * 1e9)) : options.dataId;
  const event = await recordWebhookEvent(db, {
    topic,
    action: options.action ?? null,
    dataId,
    requestId: randomUUID(),
    payload: options.payload ?? { type: topic, action: options.action ?? null, data: { id: dataId } },
  });
  const outcome = await processWebhookEvent({ deps, eventId: event.id });
  const row = await db.selectFrom("webhook_events").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
  return { outcome, row };
}

function accountOf(id: string) {
  return db.selectFrom("provider_accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the topic table", () => {
  it("covers every topic the provider sends: handled, or ignored with a reason in words", () => {
    for (const topic of PROVIDER_TOPICS) {
      const handled = Object.hasOwn(WEBHOOK_TOPIC_HANDLERS, topic);
      const ignored = Object.hasOwn(IGNORED_WEBHOOK_TOPICS, topic);
      expect({ topic, known: handled !== ignored }).toEqual({ topic, known: true });
    }
    for (const reason of Object.values(IGNORED_WEBHOOK_TOPICS)) {
      expect(WEBHOOK_IGNORED_REASONS).toContain(reason);
    }
    expect(ignoredReasonOfTopic("payment")).toBeNull();
    expect(ignoredReasonOfTopic("toString")).toBe("unknown_topic");
  });
});

describe("topics kept ignored with their reason", () => {
  const cases = [
    ...Object.entries(IGNORED_WEBHOOK_TOPICS).map(([topic, reason]) => ({ topic, reason })),
    { topic: "topic_brand_new_wh", reason: "unknown_topic" },
  ];
  for (const { topic, reason } of cases) {
    it(`${topic} → ignored, "${reason}"`, async () => {
      const { outcome, row } = await deliver(topic, {});
      expect(outcome).toBe("ignored");
      expect(row).toMatchObject({ status: "ignored", ignored_reason: reason, last_error: null });
      const attempts = await db
        .selectFrom("webhook_event_attempts")
        .select("outcome")
        .where("webhook_event_id", "=", row.id)
        .execute();
      expect(attempts).toEqual([{ outcome: "ignored" }]);
    });
  }

  it("an unknown topic can be replayed later: back to `received`, processed again by the job", async () => {
    const { row } = await deliver("topic_brand_new_wh", {});
    const operator = await createTestUser({ db, role: "operator" });
    const replay = await replayWebhookEvent({ deps: { ...deps }, eventId: row.id, actorUserId: operator.id });
    expect(replay).toEqual({ queued: true, status: "received" });
    expect(await processWebhookEvent({ deps, eventId: row.id })).toBe("ignored");
    const again = await db.selectFrom("webhook_events").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(again).toMatchObject({ status: "ignored", ignored_reason: "unknown_topic", attempts: 2 });
  });
});

describe("mp-connect (a seller (de)authorizing Cobro's application)", () => {
  it("a deauthorization the provider confirms ends the matching connected account as `deauthorized`", async () => {
    const seller = await insertConnectedSeller(deps);
    await revokeAtSandbox(sandbox, seller.providerUserId);
    const { outcome, row } = await deliver("mp-connect", {
      action: "application.deauthorized",
      dataId: String(seller.providerUserId),
      payload: { type: "mp-connect", action: "application.deauthorized", user_id: seller.providerUserId },
    });
    expect(outcome).toBe("processed");
    expect(row.ignored_reason).toBeNull();
    expect(await accountOf(seller.id)).toMatchObject({
      status: "revoked",
      ended_reason: "deauthorized",
      access_token_ciphertext: null,
      refresh_token_ciphertext: null,
    });
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_type", "=", "provider_account")
      .where("resource_id", "=", seller.id)
      .execute();
    expect(audit).toEqual([{ action: "provider_account.revoked" }]);
    // Delivered again (the provider redelivers): the account is no longer connected, nothing more happens.
    const again = await deliver("mp-connect", {
      action: "application.deauthorized",
      payload: { type: "mp-connect", user_id: seller.providerUserId },
    });
    expect(again.row).toMatchObject({ status: "ignored", ignored_reason: "seller_not_connected" });
  });

  it("a notification the provider does not confirm (the token still works) keeps the connection", async () => {
    const seller = await insertConnectedSeller(deps);
    const { row } = await deliver("mp-connect", {
      action: "application.deauthorized",
      payload: { type: "mp-connect", action: "application.deauthorized", user_id: seller.providerUserId },
    });
    expect(row).toMatchObject({ status: "ignored", ignored_reason: "seller_still_authorized" });
    expect(await accountOf(seller.id)).toMatchObject({ status: "active", ended_reason: null });
    const linked = await deliver("mp-connect", {
      action: "application.authorized",
      payload: { type: "mp-connect", action: "application.authorized", user_id: seller.providerUserId },
    });
    expect(linked.row).toMatchObject({ status: "ignored", ignored_reason: "seller_authorized_at_callback" });
    const stranger = await deliver("mp-connect", { payload: { type: "mp-connect", user_id: 987654321 } });
    expect(stranger.row).toMatchObject({ status: "ignored", ignored_reason: "seller_not_connected" });
  });
});

describe("chargebacks", () => {
  it("re-reads the chargeback into the Disputes mirror and the payments it names; a malformed id fails", async () => {
    const payment = await env.provider.payments.create(
      {
        transaction_amount: 120,
        token: await env.cardToken("APRO"),
        installments: 1,
        payment_method_id: "visa",
        payer: { email: "chargeback@testuser.com" },
      },
      { idempotencyKey: randomUUID() },
    );
    const opened = await fetch(`${sandbox.url}/__sandbox/chargebacks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_id: payment.id, reason: "fraud" }),
    });
    expect(opened.status).toBe(201);
    const chargeback = (await opened.json()) as { id: string; date_documentation_deadline: string };
    for (const topic of ["topic_chargebacks_wh", "chargebacks"]) {
      const { outcome, row } = await deliver(topic, { dataId: chargeback.id });
      expect(outcome).toBe("processed");
      expect(row.status).toBe("processed");
    }
    const stored = await db
      .selectFrom("chargebacks")
      .selectAll()
      .where("provider_chargeback_id", "=", chargeback.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      provider_payment_id: payment.id,
      amount_minor: 12000,
      reason: "fraud",
      documentation_status: "pending",
      documentation_required: true,
      coverage_applied: null,
    });
    expect(stored.documentation_deadline?.toISOString()).toBe(
      new Date(chargeback.date_documentation_deadline).toISOString(),
    );
    const mirrored = await db
      .selectFrom("payments")
      .select(["status", "status_detail"])
      .where("provider_payment_id", "=", payment.id)
      .executeTakeFirst();
    expect(mirrored).toEqual({ status: "charged_back", status_detail: "in_process" });
    const bad = await deliver("topic_chargebacks_wh", { dataId: "cb-125" });
    expect(bad.row.status).toBe("failed");
  });
});
