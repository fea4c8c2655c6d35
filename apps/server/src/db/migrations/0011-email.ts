// E-mail: verified addresses, one-time links (verification, password reset),
// and the outbox every message goes through.
//
// - users.email_verified_at: null until the owner follows a verification link
//   (or a reset link, which proves the same). Every user that exists before
//   this migration (the first admin, staff, earlier shoppers) counts as
//   verified: nobody is locked out by the upgrade.
// - users.locale: the language the user chose (en/es/pt) for their e-mails.
// - email_tokens: a link's token is stored only as its SHA-256; a row is used
//   once (used_at) and dies at expires_at.
// - outbound_emails: one row per intended message, written in the transaction
//   of the event that causes it; `dedupe_key` (e.g. order-confirmation:<id>)
//   makes the intent unique, so an event seen twice queues one message.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "timestamptz").execute();
  await db.schema
    .alterTable("users")
    .addColumn("locale", "text", (col) => col.check(sql`locale in ('en', 'es', 'pt')`))
    .execute();
  await sql`update users set email_verified_at = created_at`.execute(db);

  await db.schema
    .createTable("email_tokens")
    .addColumn("token_hash", "text", (col) => col.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    /** The address the link proves (a verification link is for the address the user had when it was sent). */
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Invalidating a user's other open links of a purpose; deleting a user.
  await db.schema.createIndex("email_tokens_user_id_idx").on("email_tokens").columns(["user_id", "purpose"]).execute();
  // Pruning expired links.
  await db.schema.createIndex("email_tokens_expires_at_idx").on("email_tokens").column("expires_at").execute();

  await db.schema
    .createTable("outbound_emails")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("dedupe_key", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("to_email", "text", (col) => col.notNull())
    .addColumn("locale", "text")
    /** What the template needs (never a raw token: links are built from it only when a token is part of the intent). */
    .addColumn("payload", "jsonb", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    /** While in the future, one worker holds the right to send this message. */
    .addColumn("lease_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The sweep that picks up pending messages whose job was lost.
  await db.schema
    .createIndex("outbound_emails_pending_idx")
    .on("outbound_emails")
    .column("created_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();

  // Guest orders claimed by the shopper who verifies their payer e-mail.
  await db.schema
    .createIndex("checkouts_guest_payer_email_idx")
    .on("checkouts")
    .expression(sql`lower(payer_email)`)
    .where(sql.ref("user_id"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("checkouts_guest_payer_email_idx").ifExists().execute();
  await db.schema.dropTable("outbound_emails").ifExists().execute();
  await db.schema.dropTable("email_tokens").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("locale").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
