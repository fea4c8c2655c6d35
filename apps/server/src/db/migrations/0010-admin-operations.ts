// Admin console, operations: the webhook inbox (deliveries counted per event,
// `ignored` for topics Cobro does not act on yet, every processing attempt),
// an append-only audit log, and the indexes behind the console's queries.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // --- Webhook inbox -------------------------------------------------------
  await db.schema
    .alterTable("webhook_events")
    .addColumn("deliveries", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("last_delivered_at", "timestamptz")
    .execute();
  await sql`update webhook_events set last_delivered_at = received_at`.execute(db);
  await sql`alter table webhook_events drop constraint if exists webhook_events_status_check`.execute(db);
  await sql`alter table webhook_events add constraint webhook_events_status_check
    check (status in ('received', 'processing', 'processed', 'failed', 'ignored'))`.execute(db);

  await db.schema
    .createTable("webhook_event_attempts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("webhook_event_id", "uuid", (col) => col.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("started_at", "timestamptz", (col) => col.notNull())
    .addColumn("finished_at", "timestamptz")
    // Null while the attempt runs (or when its process died mid-way).
    .addColumn("outcome", "text", (col) => col.check(sql`outcome in ('processed', 'ignored', 'failed')`))
    .addColumn("error", "text")
    .execute();
  // The event's detail lists its attempts in order.
  await db.schema
    .createIndex("webhook_event_attempts_event_started_idx")
    .on("webhook_event_attempts")
    .columns(["webhook_event_id", "started_at"])
    .execute();
  // Inbox filtered by topic, newest first, keyset on (received_at, id). Status filters use
  // webhook_events_status_received_at_idx and the unfiltered list webhook_events_received_at_idx (0001).
  await db.schema
    .createIndex("webhook_events_topic_received_idx")
    .on("webhook_events")
    .columns(["topic", "received_at", "id"])
    .execute();

  // --- Audit log: append-only ---------------------------------------------
  // The application never updates or deletes an audit row; the database makes
  // sure nothing else does either. The one exception is the foreign key's own
  // ON DELETE SET NULL (a deleted user's rows keep everything but the link).
  await sql`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE'
         and new.actor_user_id is null and old.actor_user_id is not null
         and (new.id, new.action, new.resource_type, new.resource_id, new.idempotency_key, new.details::text, new.created_at)
             is not distinct from
             (old.id, old.action, old.resource_type, old.resource_id, old.idempotency_key, old.details::text, old.created_at)
         and not exists (select 1 from users where id = old.actor_user_id) then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  // TRUNCATE fires no row trigger: refuse it with a statement trigger.
  await sql`
    create or replace function audit_log_no_truncate() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: TRUNCATE refused' using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_no_truncate()`.execute(db);
  // Search by action or actor, newest first, keyset on (created_at, id); resource and date range use
  // audit_log_resource_idx and audit_log_created_at_idx (0001).
  await db.schema
    .createIndex("audit_log_action_created_idx")
    .on("audit_log")
    .columns(["action", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor_created_idx")
    .on("audit_log")
    .columns(["actor_user_id", "created_at", "id"])
    .execute();

  // --- Overview over the payment mirror -----------------------------------
  // Overview: periods scan payments_created_at_idx (0001); decline reasons (rejected) and lapsing
  // authorizations (authorized, older than 3 days) read by status, then date.
  await db.schema
    .createIndex("payments_status_created_at_idx")
    .on("payments")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_status_created_at_idx").ifExists().execute();
  await db.schema.dropIndex("audit_log_actor_created_idx").ifExists().execute();
  await db.schema.dropIndex("audit_log_action_created_idx").ifExists().execute();
  await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop function if exists audit_log_no_truncate()`.execute(db);
  await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await db.schema.dropIndex("webhook_events_topic_received_idx").ifExists().execute();
  await db.schema.dropTable("webhook_event_attempts").ifExists().execute();
  await sql`update webhook_events set status = 'processed' where status = 'ignored'`.execute(db);
  await sql`alter table webhook_events drop constraint if exists webhook_events_status_check`.execute(db);
  await sql`alter table webhook_events add constraint webhook_events_status_check
    check (status in ('received', 'processing', 'processed', 'failed'))`.execute(db);
  await db.schema.alterTable("webhook_events").dropColumn("last_delivered_at").dropColumn("deliveries").execute();
}
