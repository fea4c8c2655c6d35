// Issue 20: the console's own provider requests join the ledger (0031): subscription creates and changes, payment
// link creates and chargeback evidence uploads. Each domain row keeps its data (the body, the amounts, the files)
// and points to its request; the key, the call's status and its error move to `provider_requests`. Existing rows
// are copied in with their keys (on the store's own account, the only one these actions could use before), so a
// repeat of a request stored before the upgrade still replays instead of acting twice.
import { type Kysely, sql } from "kysely";

/** Adds `provider_request_id` (unique, pointing to the ledger) to a domain table. */
async function addRequestColumn(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn("provider_request_id", "uuid", (col) => col.references("provider_requests.id").unique())
    .execute();
}

/** Points each row of `table` to the request copied in under its key, then makes the pointer required. */
async function linkByKey(db: Kysely<unknown>, table: string, kind: string): Promise<void> {
  await sql`
    update ${sql.table(table)} t set provider_request_id = q.id
    from provider_requests q where q.idempotency_key = t.idempotency_key and q.kind = ${sql.raw(kind)}`.execute(db);
  await sql`alter table ${sql.table(table)} alter column provider_request_id set not null`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Subscription creates and changes: `kind`, the body, the card's hash and the amount stay; a create acts on no
  // subscription yet ("new"), a change on its subscription.
  await addRequestColumn(db, "subscription_requests");
  await sql`
    insert into provider_requests (kind, idempotency_key, status, attempts, answer, error, resource_type,
      resource_id, created_at, updated_at, completed_at)
    select 'subscription.' || r.kind, r.idempotency_key, r.request_status, 1,
      case when r.request_status = 'succeeded' and r.provider_subscription_id is not null
        then jsonb_build_object('id', r.provider_subscription_id) end,
      case when r.request_status = 'failed' then jsonb_build_object('type', 'refused', 'message', r.error) end,
      'provider_subscription', case when r.kind = 'create' then 'new' else r.provider_subscription_id end,
      r.created_at, r.updated_at,
      case when r.request_status in ('succeeded', 'failed') then r.updated_at end
    from subscription_requests r`.execute(db);
  await linkByKey(db, "subscription_requests", "'subscription.' || t.kind");
  await db.schema
    .alterTable("subscription_requests")
    .dropColumn("idempotency_key")
    .dropColumn("request_status")
    .dropColumn("error")
    .execute();

  // Payment links: `created` was the call's success; the preference id and init_point stay on the link.
  await addRequestColumn(db, "payment_links");
  await sql`
    insert into provider_requests (kind, idempotency_key, status, attempts, answer, error, resource_type,
      resource_id, created_at, updated_at, completed_at)
    select 'payment_link.create', l.idempotency_key,
      case when l.status = 'created' then 'succeeded' else l.status end, 1,
      case when l.status = 'created'
        then jsonb_build_object('id', l.provider_preference_id, 'init_point', l.init_point) end,
      case when l.status = 'failed' then jsonb_build_object('type', 'refused', 'message', l.error) end,
      'preference', 'new', l.created_at, l.updated_at,
      case when l.status in ('created', 'failed') then l.updated_at end
    from payment_links l`.execute(db);
  await linkByKey(db, "payment_links", "'payment_link.create'");
  await db.schema
    .alterTable("payment_links")
    .dropColumn("idempotency_key")
    .dropColumn("status")
    .dropColumn("error")
    .execute();

  // Evidence uploads: the files' names, types and sizes stay on the upload.
  await addRequestColumn(db, "chargeback_evidence_uploads");
  await sql`
    insert into provider_requests (kind, idempotency_key, status, attempts, answer, error, resource_type,
      resource_id, created_at, updated_at, completed_at)
    select 'chargeback.evidence', u.idempotency_key, u.status, 1,
      case when u.status = 'succeeded' then '{}'::jsonb end,
      case when u.status = 'failed' then jsonb_build_object('type', 'refused', 'message', u.error) end,
      'chargeback', u.provider_chargeback_id, u.created_at, coalesce(u.completed_at, u.created_at), u.completed_at
    from chargeback_evidence_uploads u`.execute(db);
  await linkByKey(db, "chargeback_evidence_uploads", "'chargeback.evidence'");
  await db.schema
    .alterTable("chargeback_evidence_uploads")
    .dropColumn("idempotency_key")
    .dropColumn("status")
    .dropColumn("error")
    .dropColumn("completed_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chargeback_evidence_uploads")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("status", "text")
    .addColumn("error", "text")
    .addColumn("completed_at", "timestamptz")
    .execute();
  await sql`
    update chargeback_evidence_uploads u set idempotency_key = q.idempotency_key, status = q.status,
      error = q.error->>'message', completed_at = q.completed_at
    from provider_requests q where q.id = u.provider_request_id`.execute(db);
  await db.schema.alterTable("chargeback_evidence_uploads").dropColumn("provider_request_id").execute();

  await db.schema
    .alterTable("payment_links")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("status", "text")
    .addColumn("error", "text")
    .execute();
  await sql`
    update payment_links l set idempotency_key = q.idempotency_key,
      status = case when q.status = 'succeeded' then 'created' else q.status end, error = q.error->>'message'
    from provider_requests q where q.id = l.provider_request_id`.execute(db);
  await db.schema.alterTable("payment_links").dropColumn("provider_request_id").execute();

  await db.schema
    .alterTable("subscription_requests")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("request_status", "text")
    .addColumn("error", "text")
    .execute();
  await sql`
    update subscription_requests r set idempotency_key = q.idempotency_key, request_status = q.status,
      error = q.error->>'message'
    from provider_requests q where q.id = r.provider_request_id`.execute(db);
  await db.schema.alterTable("subscription_requests").dropColumn("provider_request_id").execute();
  await sql`delete from provider_requests where kind in ('subscription.create', 'subscription.change',
    'payment_link.create', 'payment_link.update', 'payment_link.expire', 'chargeback.evidence')`.execute(db);
}
