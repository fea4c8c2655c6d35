// Connected seller accounts (OAuth, marketplace mode): the single-use `state` of each authorization attempt, bound
// to the admin's session and kept only as a hash; and on `provider_accounts` what the console shows of a
// connection (nickname, site, status, last refresh, last error) plus the lease that keeps two refreshers of one
// account apart (the provider rotates refresh tokens: two refreshes with one token would end the connection).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oauth_states")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // SHA-256 hex of the state sent to the provider; the state itself is never stored.
    .addColumn("state_hash", "text", (col) => col.notNull().unique().check(sql`state_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("session_id", "text", (col) => col.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("redirect_uri", "text", (col) => col.notNull())
    // PKCE verifier, AES-256-GCM bound to the state hash.
    .addColumn("code_verifier_ciphertext", "text", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Pruning expired states.
  await db.schema.createIndex("oauth_states_expires_at_idx").on("oauth_states").column("expires_at").execute();
  await db.schema.createIndex("oauth_states_session_id_idx").on("oauth_states").column("session_id").execute();
  await db.schema.createIndex("oauth_states_user_id_idx").on("oauth_states").column("user_id").execute();

  await sql`alter table provider_accounts alter column access_token_ciphertext drop not null`.execute(db);
  await db.schema
    .alterTable("provider_accounts")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("active").check(sql`status in ('active', 'revoked', 'disconnected')`),
    )
    .addColumn("nickname", "text")
    .addColumn("site_id", "text")
    .addColumn("connected_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_refreshed_at", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("ended_reason", "text")
    .addColumn("ended_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("refresh_lease_until", "timestamptz")
    .execute();
  // The console lists connections by status, newest first.
  await db.schema
    .createIndex("provider_accounts_status_connected_at_idx")
    .on("provider_accounts")
    .columns(["status", "connected_at"])
    .execute();
  await db.schema.createIndex("provider_accounts_ended_by_idx").on("provider_accounts").column("ended_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oauth_states").ifExists().execute();
  await db.schema.dropIndex("provider_accounts_status_connected_at_idx").ifExists().execute();
  await db.schema.dropIndex("provider_accounts_ended_by_idx").ifExists().execute();
  await db.schema
    .alterTable("provider_accounts")
    .dropColumn("status")
    .dropColumn("nickname")
    .dropColumn("site_id")
    .dropColumn("connected_at")
    .dropColumn("last_refreshed_at")
    .dropColumn("last_error")
    .dropColumn("last_error_at")
    .dropColumn("ended_at")
    .dropColumn("ended_reason")
    .dropColumn("ended_by")
    .dropColumn("refresh_lease_until")
    .execute();
}
