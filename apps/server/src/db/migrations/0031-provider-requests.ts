// Issue 20: one ledger for every idempotent provider call. A request row holds the protocol (the key, the account
// the first try went to, the body's fingerprint, where the call stands, the lease, the deadline, the answer); the
// domain rows (refunds, payment actions, …) keep their own data and point to their request. Existing rows are
// copied in with their keys, so a repeat of an intent stored before the upgrade still replays instead of acting
// twice.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("provider_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // The account the first try went to (null: the store's own); every retry goes there.
    .addColumn("provider_account_id", "uuid", (col) => col.references("provider_accounts.id").onDelete("restrict"))
    // sha256 of the canonical request; null only for rows copied in by this migration (checked by kind and resource).
    .addColumn("fingerprint", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    .addColumn("lease_until", "timestamptz")
    .addColumn("deadline_at", "timestamptz")
    // When the last call went out: "no effect after N minutes" counts from the latest try, not the first.
    .addColumn("attempted_at", "timestamptz")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("answer", "jsonb")
    .addColumn("error", "jsonb")
    .addColumn("resource_type", "text", (col) => col.notNull())
    .addColumn("resource_id", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  // The reconcile loop's scan: open requests of a kind, oldest first.
  await sql`create index provider_requests_open_idx on provider_requests (kind, created_at) where status in ('pending', 'unknown')`.execute(
    db,
  );
  await db.schema
    .createIndex("provider_requests_resource_idx")
    .on("provider_requests")
    .columns(["resource_type", "resource_id"])
    .execute();
  await db.schema
    .createIndex("provider_requests_account_idx")
    .on("provider_requests")
    .column("provider_account_id")
    .execute();

  // Refunds: the provider's word (approved / in_process / rejected) stays on the refund; the key moves.
  await db.schema
    .alterTable("refunds")
    .addColumn("provider_request_id", "uuid", (col) => col.references("provider_requests.id").unique())
    .execute();
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, answer, error,
      resource_type, resource_id, created_at, updated_at, completed_at, attempted_at)
    select 'payment.refund', r.idempotency_key, p.provider_account_id,
      case when r.status in ('pending', 'unknown', 'failed') then r.status else 'succeeded' end,
      1,
      case when r.status in ('pending', 'unknown', 'failed') then null
        else jsonb_build_object('id', r.provider_refund_id, 'status', r.status) end,
      case when r.status = 'failed' then jsonb_build_object('type', 'refused', 'message', r.error) end,
      'payment', r.provider_payment_id::text, r.created_at, r.updated_at, r.completed_at, r.created_at
    from refunds r left join payments p on p.provider_payment_id = r.provider_payment_id
    where r.idempotency_key is not null`.execute(db);
  await sql`
    update refunds r set provider_request_id = q.id
    from provider_requests q where q.kind = 'payment.refund' and q.idempotency_key = r.idempotency_key`.execute(db);
  await db.schema.alterTable("refunds").dropColumn("idempotency_key").execute();

  // Captures and cancels: their status was only the call's, so it moves with the key.
  await db.schema
    .alterTable("payment_actions")
    .addColumn("provider_request_id", "uuid", (col) => col.references("provider_requests.id").unique())
    .execute();
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, attempts, error,
      resource_type, resource_id, created_at, updated_at, completed_at, attempted_at)
    select 'payment.' || a.kind, a.idempotency_key, p.provider_account_id, a.status, 1,
      case when a.status = 'failed' then jsonb_build_object('type', 'refused', 'message', a.error) end,
      'payment', a.provider_payment_id::text, a.created_at, coalesce(a.completed_at, a.created_at), a.completed_at,
      a.created_at
    from payment_actions a left join payments p on p.provider_payment_id = a.provider_payment_id`.execute(db);
  await sql`
    update payment_actions a set provider_request_id = q.id
    from provider_requests q where q.idempotency_key = a.idempotency_key and q.kind = 'payment.' || a.kind`.execute(db);
  await sql`alter table payment_actions alter column provider_request_id set not null`.execute(db);
  await db.schema.alterTable("payment_actions").dropColumn("idempotency_key").dropColumn("status").execute();

  // A checkout's direct payment: its own key (the root its other keys derive from) stays on the checkout; where the
  // call stands moves to its request (in_flight → pending under a lease, unknown, answered → succeeded,
  // no_payment → failed). The checkout keeps its watch schedule (reconcile_after) for hosted and pending payments.
  await db.schema
    .alterTable("checkouts")
    .addColumn("provider_request_id", "uuid", (col) => col.references("provider_requests.id").unique())
    .execute();
  await sql`
    insert into provider_requests (kind, idempotency_key, provider_account_id, status, lease_until, attempts,
      attempted_at, answer, error, resource_type, resource_id, created_at, updated_at, completed_at)
    select 'checkout.payment', c.idempotency_key, c.provider_account_id,
      case c.payment_attempt_status when 'in_flight' then 'pending' when 'unknown' then 'unknown'
        when 'answered' then 'succeeded' else 'failed' end,
      c.payment_lease_until, 1, c.payment_attempted_at,
      case when c.payment_attempt_status = 'answered' then jsonb_build_object('id', c.provider_payment_id) end,
      case when c.payment_attempt_status = 'no_payment' then jsonb_build_object('type', 'refused') end,
      'checkout', c.id::text, coalesce(c.payment_attempted_at, c.created_at), c.updated_at,
      case when c.payment_attempt_status in ('answered', 'no_payment') then c.updated_at end
    from checkouts c where c.payment_attempt_status is not null`.execute(db);
  await sql`
    update checkouts c set provider_request_id = q.id
    from provider_requests q where q.kind = 'checkout.payment' and q.idempotency_key = c.idempotency_key`.execute(db);
  await db.schema
    .alterTable("checkouts")
    .dropColumn("payment_attempt_status")
    .dropColumn("payment_attempted_at")
    .dropColumn("payment_lease_until")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("checkouts")
    .addColumn("payment_attempt_status", "text", (col) =>
      col.check(sql`payment_attempt_status in ('in_flight', 'unknown', 'answered', 'no_payment')`),
    )
    .addColumn("payment_attempted_at", "timestamptz")
    .addColumn("payment_lease_until", "timestamptz")
    .execute();
  await sql`
    update checkouts c set payment_attempted_at = q.attempted_at, payment_lease_until = q.lease_until,
      payment_attempt_status = case q.status when 'pending' then 'in_flight' when 'unknown' then 'unknown'
        when 'succeeded' then 'answered' else 'no_payment' end
    from provider_requests q where q.id = c.provider_request_id`.execute(db);
  await db.schema.alterTable("checkouts").dropColumn("provider_request_id").execute();
  await db.schema
    .alterTable("payment_actions")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("status", "text")
    .execute();
  await sql`
    update payment_actions a set idempotency_key = q.idempotency_key, status = q.status
    from provider_requests q where q.id = a.provider_request_id`.execute(db);
  await db.schema.alterTable("payment_actions").dropColumn("provider_request_id").execute();
  await db.schema
    .alterTable("refunds")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .execute();
  await sql`
    update refunds r set idempotency_key = q.idempotency_key
    from provider_requests q where q.id = r.provider_request_id`.execute(db);
  await db.schema.alterTable("refunds").dropColumn("provider_request_id").execute();
  await db.schema.dropTable("provider_requests").ifExists().execute();
}
