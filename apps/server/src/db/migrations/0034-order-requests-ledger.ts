// Issue 20: the virtual terminal's orders and their actions, Point intents and merchant order writes move their
// protocol (the key, where the call stands) to the provider-request ledger of migration 0031. Each domain row points
// to its request; existing rows are copied in with their keys and accounts, so a repeat of an intent stored before
// the upgrade still replays instead of acting twice. What the console shows stays on the domain rows: an order's
// or an action's decline or refusal words (`error`), an intent's terminal state, a write's body.
import { type Kysely, sql } from "kysely";

/** Points `table` to the ledger row of the same key, then drops the protocol columns the ledger now holds. */
async function pointToLedger(db: Kysely<unknown>, table: string, kindSql: string, drop: string[]): Promise<void> {
  await sql`
    update ${sql.table(table)} t set provider_request_id = q.id
    from provider_requests q where q.idempotency_key = t.idempotency_key and q.kind = ${sql.raw(kindSql)}`.execute(db);
  await sql`alter table ${sql.table(table)} alter column provider_request_id set not null`.execute(db);
  let alter = db.schema.alterTable(table).dropColumn(drop[0] ?? "idempotency_key");
  for (const column of drop.slice(1)) alter = alter.dropColumn(column);
  await alter.execute();
}

async function addRequestColumn(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn("provider_request_id", "uuid", (col) => col.references("provider_requests.id").unique())
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Merchant order writes: a create acts on no order yet ("new"), an update on its order.
  await addRequestColumn(db, "merchant_order_requests");
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, answer, error,
      resource_type, resource_id, created_at, updated_at, completed_at)
    select 'merchant_order.' || w.kind, w.idempotency_key, null, w.status, 1,
      case when w.status = 'succeeded' then jsonb_build_object('id', w.provider_merchant_order_id) end,
      case when w.status = 'failed' then jsonb_build_object('type', 'refused', 'message', w.error) end,
      'merchant_order', case when w.kind = 'create' then 'new' else w.provider_merchant_order_id::text end,
      w.created_at, coalesce(w.completed_at, w.created_at), w.completed_at
    from merchant_order_requests w`.execute(db);
  await pointToLedger(db, "merchant_order_requests", "'merchant_order.' || t.kind", [
    "idempotency_key",
    "status",
    "error",
    "completed_at",
  ]);

  // Point intents: sent to a terminal, on the account recorded with them (migration 0024).
  await addRequestColumn(db, "point_intents");
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, answer, error,
      resource_type, resource_id, created_at, updated_at, completed_at)
    select 'point.intent', i.idempotency_key, i.provider_account_id, i.request_status, 1,
      case when i.request_status = 'succeeded' then jsonb_build_object('id', i.provider_intent_id) end,
      case when i.request_status = 'failed' then jsonb_build_object('type', 'refused', 'message', i.error) end,
      'terminal', i.device_id, i.created_at, i.updated_at,
      case when i.request_status in ('succeeded', 'failed') then i.updated_at end
    from point_intents i`.execute(db);
  await pointToLedger(db, "point_intents", "'point.intent'", ["idempotency_key", "request_status", "error"]);

  // The virtual terminal's orders: a create acts on no order yet ("new").
  await addRequestColumn(db, "orders");
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, answer, error,
      resource_type, resource_id, created_at, updated_at, completed_at)
    select 'order.create', o.idempotency_key, o.provider_account_id, o.create_status, 1,
      -- The answer's shape of order-call-outcome.ts (the order itself stays in the mirror).
      case when o.create_status = 'succeeded' then jsonb_build_object('order', null, 'declined', o.error) end,
      case when o.create_status = 'failed' then jsonb_build_object('type', 'refused', 'message', o.error) end,
      'order', 'new', o.created_at, o.updated_at,
      case when o.create_status in ('succeeded', 'failed') then o.updated_at end
    from orders o`.execute(db);
  await pointToLedger(db, "orders", "'order.create'", ["idempotency_key", "create_status"]);

  // Their actions act on Cobro's order row, on the order's account.
  await addRequestColumn(db, "order_actions");
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, error,
      resource_type, resource_id, created_at, updated_at, completed_at)
    select 'order.' || a.kind, a.idempotency_key, o.provider_account_id, a.status, 1,
      case when a.status = 'failed' then jsonb_build_object('type', 'refused', 'message', a.error) end,
      'order', a.order_id::text, a.created_at, coalesce(a.completed_at, a.created_at), a.completed_at
    from order_actions a join orders o on o.id = a.order_id`.execute(db);
  await pointToLedger(db, "order_actions", "'order.' || t.kind", ["idempotency_key", "status", "completed_at"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["order_actions", "orders", "point_intents", "merchant_order_requests"]) {
    await db.schema
      .alterTable(table)
      .addColumn("idempotency_key", "text", (col) => col.unique())
      .execute();
    await sql`
      update ${sql.table(table)} t set idempotency_key = q.idempotency_key
      from provider_requests q where q.id = t.provider_request_id`.execute(db);
  }
  await db.schema
    .alterTable("order_actions")
    .addColumn("status", "text")
    .addColumn("completed_at", "timestamptz")
    .execute();
  await sql`update order_actions t set status = q.status, completed_at = q.completed_at
    from provider_requests q where q.id = t.provider_request_id`.execute(db);
  await db.schema.alterTable("orders").addColumn("create_status", "text").execute();
  await sql`update orders t set create_status = q.status
    from provider_requests q where q.id = t.provider_request_id`.execute(db);
  await db.schema.alterTable("point_intents").addColumn("request_status", "text").addColumn("error", "text").execute();
  await sql`update point_intents t set request_status = q.status, error = q.error->>'message'
    from provider_requests q where q.id = t.provider_request_id`.execute(db);
  await db.schema
    .alterTable("merchant_order_requests")
    .addColumn("status", "text")
    .addColumn("error", "text")
    .addColumn("completed_at", "timestamptz")
    .execute();
  await sql`update merchant_order_requests t set status = q.status, error = q.error->>'message',
    completed_at = q.completed_at from provider_requests q where q.id = t.provider_request_id`.execute(db);
  for (const table of ["order_actions", "orders", "point_intents", "merchant_order_requests"]) {
    await db.schema.alterTable(table).dropColumn("provider_request_id").execute();
  }
  await sql`delete from provider_requests where kind like 'order.%' or kind like 'merchant_order.%'
    or kind = 'point.intent'`.execute(db);
}
