// Migration 0034 on a database that already holds orders, their actions, Point intents and merchant order writes
// (as the tables stood before it): each row gets its request in the ledger with its key, status, account and
// words, and a repeat of a key stored before the upgrade finds that request (a settled one answers without a call).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { recordProviderRequest } from "../../domain/provider-requests/record-provider-request";
import { createTestDatabase } from "../../test/test-database";
import { MIGRATIONS, migrateToLatest } from "../migrate";

const testDb = await createTestDatabase({ from: "empty" });
afterAll(() => testDb.drop());
const { db } = testDb;

const BEFORE_0034 = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0034"));

const keys = {
  order: randomUUID(),
  refused: randomUUID(),
  capture: randomUUID(),
  declined: randomUUID(),
  intent: randomUUID(),
  write: randomUUID(),
  unknownWrite: randomUUID(),
};

function ledgerRow(idempotencyKey: string) {
  return db
    .selectFrom("provider_requests")
    .selectAll()
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
}

describe("migration 0034: orders, Point intents and merchant order writes move to the ledger", () => {
  it("copies every key with its status, account and words, and a repeat of a settled key finds it", async () => {
    await migrateToLatest(db, BEFORE_0034);
    const orderId = randomUUID();
    const refusedId = randomUUID();
    await sql`
      insert into orders (id, provider_order_id, idempotency_key, create_status, external_reference, processing_mode,
        capture_mode, status, amount_minor, currency, payer_email)
      values
        (${orderId}, 'ORD01', ${keys.order}, 'succeeded', 'vt-1', 'automatic', 'manual', 'processed', 1000, 'ARS',
          'a@testuser.com'),
        (${refusedId}, null, ${keys.refused}, 'failed', 'vt-2', 'automatic', 'automatic', null, 1000, 'ARS',
          'b@example.com')`.execute(db);
    await sql`update orders set error = 'payer_email_not_test_user' where id = ${refusedId}`.execute(db);
    await sql`
      insert into order_actions (order_id, kind, status, idempotency_key, error, completed_at)
      values (${orderId}, 'capture', 'unknown', ${keys.capture}, null, null),
        (${orderId}, 'process', 'failed', ${keys.declined}, 'required_call_for_authorize', now())`.execute(db);
    await sql`
      insert into point_intents (idempotency_key, device_id, provider_intent_id, request_status, state, amount_minor,
        currency, installments, installments_cost, print_on_terminal, request)
      values (${keys.intent}, 'PAX_1', 'intent-1', 'succeeded', 'OPEN', 1500, 'ARS', 1, 'seller', false,
        '{"amount":1500}'::jsonb)`.execute(db);
    await sql`
      insert into merchant_order_requests (idempotency_key, kind, provider_merchant_order_id, status, request,
        completed_at)
      values (${keys.write}, 'create', 42, 'succeeded', '{"items":[]}'::jsonb, now()),
        (${keys.unknownWrite}, 'update', 42, 'unknown', '{"additional_info":"x"}'::jsonb, null)`.execute(db);

    await migrateToLatest(db);

    expect(await ledgerRow(keys.order)).toMatchObject({
      kind: "order.create",
      status: "succeeded",
      provider_account_id: null,
      resource_type: "order",
      resource_id: "new",
    });
    expect(await ledgerRow(keys.refused)).toMatchObject({
      kind: "order.create",
      status: "failed",
      error: { type: "refused", message: "payer_email_not_test_user" },
    });
    expect(await ledgerRow(keys.capture)).toMatchObject({
      kind: "order.capture",
      status: "unknown",
      resource_id: orderId,
    });
    expect(await ledgerRow(keys.declined)).toMatchObject({
      kind: "order.process",
      status: "failed",
      error: { type: "refused", message: "required_call_for_authorize" },
    });
    expect(await ledgerRow(keys.intent)).toMatchObject({
      kind: "point.intent",
      status: "succeeded",
      resource_type: "terminal",
      resource_id: "PAX_1",
      answer: { id: "intent-1" },
    });
    expect(await ledgerRow(keys.write)).toMatchObject({ kind: "merchant_order.create", resource_id: "new" });
    expect(await ledgerRow(keys.unknownWrite)).toMatchObject({
      kind: "merchant_order.update",
      status: "unknown",
      resource_id: "42",
    });

    // Every domain row points to its request; the decline's words stay on the action.
    const actions = await db
      .selectFrom("order_actions")
      .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
      .select(["order_actions.kind", "order_actions.error", "provider_requests.idempotency_key"])
      .orderBy("order_actions.kind")
      .execute();
    expect(actions).toEqual([
      { kind: "capture", error: null, idempotency_key: keys.capture },
      { kind: "process", error: "required_call_for_authorize", idempotency_key: keys.declined },
    ]);
    const intents = await db
      .selectFrom("point_intents")
      .innerJoin("provider_requests", "provider_requests.id", "point_intents.provider_request_id")
      .select("provider_requests.idempotency_key")
      .execute();
    expect(intents).toEqual([{ idempotency_key: keys.intent }]);

    // A repeat of a key stored before the upgrade finds its request: settled, so it answers without a call.
    const repeat = await db.transaction().execute((trx) =>
      recordProviderRequest(trx, {
        kind: "merchant_order.create",
        idempotencyKey: keys.write,
        providerAccountId: null,
        body: { account: null, request: { items: [] } },
        resource: { type: "merchant_order", id: "new" },
        now: new Date(),
      }),
    );
    expect(repeat).toMatchObject({ isNew: false, request: { status: "succeeded" } });
    // The same key for another kind of request is still a conflict, never a second call.
    await expect(
      db.transaction().execute((trx) =>
        recordProviderRequest(trx, {
          kind: "point.intent",
          idempotencyKey: keys.write,
          providerAccountId: null,
          body: {},
          resource: { type: "terminal", id: "PAX_1" },
          now: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "idempotencyKey" });
  });
});
