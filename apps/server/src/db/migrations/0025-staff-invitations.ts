// Staff invitations: an admin invites an e-mail address with a role; the
// invitee follows the link (token in the URL fragment) to set a password, or,
// when an account already has the address, to accept and get the role.
//
// - token_hash: SHA-256 of the link's token; the token itself is never stored
//   (the outbox keeps it encrypted until the message is sent). A resend makes a
//   new token, so the older e-mail's link stops working.
// - A row is pending while accepted_at and revoked_at are null and expires_at
//   is in the future; one pending invitation per address (a second invite of
//   the same address is refused: resend or revoke the first).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('admin', 'operator', 'viewer')`))
    .addColumn("token_hash", "text", (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("invited_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("sent_count", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("last_sent_at", "timestamptz", (col) => col.notNull())
    .addColumn("accepted_at", "timestamptz")
    .addColumn("accepted_user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One open invitation per address (expired ones count until revoked or resent, so the list shows them).
  await db.schema
    .createIndex("staff_invitations_open_email_idx")
    .on("staff_invitations")
    .unique()
    .expression(sql`lower(email)`)
    .where(sql<boolean>`accepted_at is null and revoked_at is null`)
    .execute();
  // Deleting a user sets these to null (every foreign key has its index).
  await db.schema
    .createIndex("staff_invitations_invited_by_idx")
    .on("staff_invitations")
    .column("invited_by")
    .execute();
  await db.schema
    .createIndex("staff_invitations_accepted_user_id_idx")
    .on("staff_invitations")
    .column("accepted_user_id")
    .execute();
  // The console's list of open invitations, newest first.
  await db.schema
    .createIndex("staff_invitations_open_created_idx")
    .on("staff_invitations")
    .column("created_at")
    .where(sql<boolean>`accepted_at is null and revoked_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_invitations").ifExists().execute();
}
